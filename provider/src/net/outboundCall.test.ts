import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { callOutbound, OutboundRefused, isCallableAddress, parseAllowedNetworks } from './outboundCall.js';

const closed: { allowedNetworks: string[] } = { allowedNetworks: [] };

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
    expect(isCallableAddress(address, { allowedNetworks: ['10.0.0.0/8', '192.168.0.0/16'] })).toBe(false);
  });

  it.each(['10.0.0.9', '172.16.4.4', '192.168.1.10', '100.64.0.1', 'fd00::1'])(
    'calls private %s only inside an allowed network',
    (address) => {
      expect(isCallableAddress(address, closed)).toBe(false);
      expect(
        isCallableAddress(address, {
          allowedNetworks: ['10.0.0.0/8', '172.16.0.0/12', '192.168.1.0/24', '100.64.0.0/10', 'fd00::/8'],
        }),
      ).toBe(true);
      expect(isCallableAddress(address, { allowedNetworks: ['192.168.200.0/24'] })).toBe(false);
    },
  );

  it('calls public addresses, and leaves host names to the check after resolution', () => {
    expect(isCallableAddress('8.8.8.8', closed)).toBe(true);
    expect(isCallableAddress('ca.example.com', closed)).toBe(true);
  });
});

describe('parseAllowedNetworks', () => {
  it('reads comma-separated CIDR blocks and refuses loopback, link-local and garbage', () => {
    expect(parseAllowedNetworks(' 10.20.0.0/16 , fd00::/8 ')).toEqual(['10.20.0.0/16', 'fd00::/8']);
    expect(parseAllowedNetworks(undefined)).toEqual([]);
    expect(() => parseAllowedNetworks('127.0.0.0/8')).toThrow(/never allowed/);
    expect(() => parseAllowedNetworks('169.254.0.0/16')).toThrow(/never allowed/);
    expect(() => parseAllowedNetworks('10.0.0.0')).toThrow(/not a CIDR/);
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

  it('refuses a host name that resolves to loopback, without sending it anything', async () => {
    const target = await listen(() => ({ status: 200, body: 'secret' }));
    const call = callOutbound(
      new URL(`http://localhost:${target.port}/ca`),
      { method: 'GET', timeoutMs: 2000 },
      closed,
    );
    await expect(call).rejects.toThrow(/not allowed|private/i);
    await expect(
      callOutbound(new URL(`http://127.0.0.1:${target.port}/ca`), { method: 'GET', timeoutMs: 2000 }, closed),
    ).rejects.toThrow(OutboundRefused);
    expect(target.hits).toEqual([]);
  });

  it('does not follow a redirect', async () => {
    const inner = await listen(() => ({ status: 200, body: 'inner' }));
    const outer = await listen(() => ({ status: 302, headers: { Location: `http://localhost:${inner.port}/admin` } }));
    // A test-only policy that reaches this machine through its name (configuration never allows loopback).
    const loopbackForTest = { allowedNetworks: ['127.0.0.1/32', '::1/128'] };
    const call = callOutbound(
      new URL(`http://localhost:${outer.port}/ca`),
      { method: 'GET', timeoutMs: 2000 },
      loopbackForTest,
    );
    await expect(call).rejects.toThrow(/redirect/);
    expect(outer.hits).toEqual(['/ca']);
    expect(inner.hits).toEqual([]);
  });
});
