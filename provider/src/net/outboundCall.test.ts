import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { OutboundPurpose } from '@halo/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callOutbound,
  isCallableAddress,
  OutboundCallFailed,
  parseAllowedNetworks,
  refusalOf,
  type OutboundPolicy,
} from './outboundCall.js';

const policy = (allowedNetworks: string[]): OutboundPolicy => ({
  purpose: OutboundPurpose.SATCOM_TARGET,
  allowedNetworks,
});
const closed = policy([]);
/** A test-only policy that reaches this machine (configuration never allows loopback). */
const loopbackForTest = policy(['127.0.0.1/32', '::1/128']);

describe('isCallableAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '169.254.169.254',
    'fe80::1',
    '0.0.0.0',
    '::',
    '224.0.0.1',
    '255.255.255.255',
  ])('never calls %s, whatever the configuration', (address) => {
    expect(isCallableAddress(address, closed)).toBe(false);
    expect(isCallableAddress(address, policy(['10.0.0.0/8', '192.168.0.0/16']))).toBe(false);
  });

  it.each(['10.0.0.9', '172.16.4.4', '192.168.1.10', '100.64.0.1', 'fd00::1'])(
    'calls private %s only inside an allowed network',
    (address) => {
      expect(isCallableAddress(address, closed)).toBe(false);
      expect(
        isCallableAddress(
          address,
          policy(['10.0.0.0/8', '172.16.0.0/12', '192.168.1.0/24', '100.64.0.0/10', 'fd00::/8']),
        ),
      ).toBe(true);
      expect(isCallableAddress(address, policy(['192.168.200.0/24']))).toBe(false);
    },
  );

  it('calls public addresses, and leaves host names to the check after resolution', () => {
    expect(isCallableAddress('8.8.8.8', closed)).toBe(true);
    expect(isCallableAddress('ca.example.com', closed)).toBe(true);
  });
});

describe('refusalOf', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['0.0.0.0', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::1', 'private'],
  ])('names the rule that refuses %s: %s', (address, rule) => {
    expect(refusalOf(address, closed)).toBe(rule);
  });

  it('refuses nothing public, and leaves names to the check after resolution', () => {
    expect(refusalOf('8.8.8.8', closed)).toBeNull();
    expect(refusalOf('ca.example.com', closed)).toBeNull();
    expect(refusalOf('10.1.2.3', policy(['10.1.0.0/16']))).toBeNull();
  });
});

describe('parseAllowedNetworks', () => {
  it('reads comma-separated CIDR blocks inside the private ranges', () => {
    expect(parseAllowedNetworks(' 10.20.0.0/16 , fd00::/8 ', OutboundPurpose.CA_SERVICE)).toEqual([
      '10.20.0.0/16',
      'fd00::/8',
    ]);
    expect(parseAllowedNetworks('100.64.0.0/10,192.168.1.0/24', OutboundPurpose.CA_SERVICE)).toHaveLength(2);
    expect(parseAllowedNetworks(undefined, OutboundPurpose.CA_SERVICE)).toEqual([]);
    expect(() => parseAllowedNetworks('10.0.0.0', OutboundPurpose.CA_SERVICE)).toThrow(/not a CIDR/);
  });

  it.each([
    '127.0.0.0/8',
    '169.254.0.0/16',
    '64.0.0.0/2',
    '168.0.0.0/6',
    '0.0.0.0/0',
    '::/0',
    'fe80::/10',
    '8.8.8.0/24',
    '10.0.0.0/7',
  ])(
    'refuses %s: loopback, link-local, reserved and public blocks (or one spanning them) are never allowed',
    (block) => {
      expect(() => parseAllowedNetworks(block, OutboundPurpose.SATCOM_TARGET)).toThrow(
        /^HALO_SATCOM_ALLOWED_NETWORKS: .* never allowed$/,
      );
    },
  );

  it('lets the alarm webhooks setting alone list loopback blocks (a relay on the same host), and nothing else new', () => {
    expect(parseAllowedNetworks('127.0.0.1/32, ::1/128, 10.1.0.0/16', OutboundPurpose.ALARM_WEBHOOK)).toEqual([
      '127.0.0.1/32',
      '::1/128',
      '10.1.0.0/16',
    ]);
    const webhooks: OutboundPolicy = { purpose: OutboundPurpose.ALARM_WEBHOOK, allowedNetworks: ['127.0.0.1/32'] };
    expect(refusalOf('127.0.0.1', webhooks)).toBeNull();
    expect(refusalOf('127.0.0.2', webhooks)).toBe('loopback');
    expect(refusalOf('127.0.0.1', { ...webhooks, allowedNetworks: [] })).toBe('loopback');
    for (const block of ['169.254.0.0/16', '0.0.0.0/0', '8.8.8.0/24', '::/0', '126.0.0.0/7'])
      expect(() => parseAllowedNetworks(block, OutboundPurpose.ALARM_WEBHOOK), block).toThrow(
        /^HALO_WEBHOOK_ALLOWED_NETWORKS: .* never allowed$/,
      );
    for (const purpose of [OutboundPurpose.SATCOM_TARGET, OutboundPurpose.CA_SERVICE])
      expect(() => parseAllowedNetworks('127.0.0.1/32', purpose), purpose).toThrow(/never allowed$/);
  });
});

describe('callOutbound', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A local HTTP server on every loopback address that counts the requests it gets. */
  async function listen(answer: (path: string) => { status: number; headers?: Record<string, string>; body?: string }) {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      const { status, headers, body } = answer(request.url ?? '');
      response.writeHead(status, headers).end(body ?? '');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, resolve));
    return { port: (server.address() as AddressInfo).port, hits };
  }

  /** The generic reason a call failed with, and its detail (for the log). */
  async function failureOf(call: Promise<unknown>) {
    const error: unknown = await call.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(OutboundCallFailed);
    return { failure: (error as OutboundCallFailed).failure, detail: (error as OutboundCallFailed).message };
  }

  it('refuses a host name that resolves to loopback without sending it anything, as unreachable (no map of names)', async () => {
    const target = await listen(() => ({ status: 200, body: 'secret' }));
    const byName = await failureOf(
      callOutbound(new URL(`http://localhost:${target.port}/ca`), { method: 'GET', deadlineMs: 2000 }, closed),
    );
    // The same reason as a name that does not resolve: a caller cannot learn what a name resolves to.
    expect(byName.failure).toEqual({ reason: 'unreachable' });
    const unknown = await failureOf(
      callOutbound(new URL('http://no-such-name.invalid/ca'), { method: 'GET', deadlineMs: 2000 }, closed),
    );
    expect(unknown.failure).toEqual(byName.failure);
    // The detail (how the name resolved) is for the log.
    // An address typed as it is says its rule: it tells the caller nothing they did not write.
    expect(byName.detail).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);
    const literal = await failureOf(
      callOutbound(new URL(`http://127.0.0.1:${target.port}/ca`), { method: 'GET', deadlineMs: 2000 }, closed),
    );
    expect(literal.failure).toEqual({ reason: 'addressRefused', rule: 'loopback' });
    expect(target.hits).toEqual([]);
  });

  it('does not follow a redirect', async () => {
    const inner = await listen(() => ({ status: 200, body: 'inner' }));
    const outer = await listen(() => ({ status: 302, headers: { Location: `http://localhost:${inner.port}/admin` } }));
    const { failure } = await failureOf(
      callOutbound(new URL(`http://localhost:${outer.port}/ca`), { method: 'GET', deadlineMs: 2000 }, loopbackForTest),
    );
    expect(failure).toEqual({ reason: 'redirected', status: 302 });
    expect(outer.hits).toEqual(['/ca']);
    expect(inner.hits).toEqual([]);
  });

  it('answers other statuses for the caller to judge', async () => {
    const target = await listen(() => ({ status: 503, body: 'busy' }));
    await expect(
      callOutbound(new URL(`http://localhost:${target.port}/in`), { method: 'GET', deadlineMs: 2000 }, loopbackForTest),
    ).resolves.toEqual({ status: 503, body: 'busy' });
  });

  it('says "timed out" for a target that accepts and never answers', async () => {
    const silent = createTcpServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const { failure } = await failureOf(
        callOutbound(
          new URL(`http://127.0.0.1:${port}/in`),
          { method: 'POST', json: {}, deadlineMs: 200 },
          loopbackForTest,
        ),
      );
      expect(failure).toEqual({ reason: 'timedOut' });
    } finally {
      silent.close();
    }
  });

  it('cuts a target that answers a byte at a time at the deadline, which covers the whole exchange', async () => {
    // Headers at once, then a byte every 50 ms: the socket is never idle, the answer never ends in time.
    const dripping = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      const drip = setInterval(() => response.write('x'), 50);
      response.on('close', () => clearInterval(drip));
    });
    servers.push(dripping);
    await new Promise<void>((resolve) => dripping.listen(0, '127.0.0.1', resolve));
    const port = (dripping.address() as AddressInfo).port;
    const started = performance.now();
    const { failure, detail } = await failureOf(
      callOutbound(
        new URL(`http://127.0.0.1:${port}/in`),
        { method: 'POST', json: {}, deadlineMs: 400 },
        loopbackForTest,
      ),
    );
    const took = performance.now() - started;
    expect(failure).toEqual({ reason: 'timedOut' });
    expect(detail).toMatch(/within 400 ms/);
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(2000);
  });

  it('says "unreachable" when nothing listens, and "TLS failed" when the handshake does', async () => {
    const gone = await listen(() => ({ status: 200 }));
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const refused = await failureOf(
      callOutbound(new URL(`http://127.0.0.1:${gone.port}/in`), { method: 'GET', deadlineMs: 2000 }, loopbackForTest),
    );
    expect(refused.failure).toEqual({ reason: 'unreachable' });
    expect(refused.detail).toMatch(/ECONNREFUSED/);
    const plain = await listen(() => ({ status: 200 }));
    const handshake = await failureOf(
      callOutbound(new URL(`https://127.0.0.1:${plain.port}/in`), { method: 'GET', deadlineMs: 2000 }, loopbackForTest),
    );
    expect(handshake.failure).toEqual({ reason: 'tlsFailed' });
  });

  it('reads an answer of exactly 1 MB (1,048,576 bytes)', async () => {
    const target = await listen(() => ({ status: 200, body: 'x'.repeat(1024 * 1024) }));
    const answer = await callOutbound(
      new URL(`http://127.0.0.1:${target.port}/ca`),
      { method: 'GET', deadlineMs: 2000 },
      loopbackForTest,
    );
    expect(answer.body).toHaveLength(1024 * 1024);
  });

  it('says "bad answer" for an answer above 1 MB', async () => {
    const target = await listen(() => ({ status: 200, body: 'x'.repeat(1024 * 1024 + 1) }));
    const { failure } = await failureOf(
      callOutbound(new URL(`http://127.0.0.1:${target.port}/ca`), { method: 'GET', deadlineMs: 2000 }, loopbackForTest),
    );
    expect(failure).toEqual({ reason: 'badAnswer' });
  });
});
