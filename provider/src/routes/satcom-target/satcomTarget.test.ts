import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, ErrorCode, OutboundPurpose, Permission, SatcomLinkStatus, type SatcomTarget } from '@halo/shared';
import { log } from '../../log.js';
import { createSatcomForwarder, type SatcomDelivery } from '../../satcom/satcomForwarder.js';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { as, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

const API_KEY = 'sk-live-9f8e7d6c5b4a';

/** A satcom receiver on this machine: answers what `answer` says and keeps what it got. */
async function receiver(answer: () => number) {
  const received: { authorization: string | undefined; body: SatcomDelivery }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answer();
      if (status >= 200 && status < 300)
        received.push({
          authorization: request.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString()) as SatcomDelivery,
        });
      response.writeHead(status).end();
    });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/satcom`, received, server };
}

describe.each(DIALECTS)('the satcom target on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  const target = async (actor: Actor): Promise<SatcomTarget> =>
    API.satcom.target.answer.parse((await send(actor, 'get', '/satcom_target').expect(200)).body).satcom_target;
  const addMessages = async (count: number) => {
    const { admin, provider } = suite;
    await provider.provider.context.db
      .insertInto('satcom_messages')
      .values(
        Array.from({ length: count }, (_, index) => ({
          environment_id: admin.environmentId,
          device_id: 1,
          halo_name: 'dcx-1',
          halo_serial: 'SN-1',
          satcom_imei: '300234010753370',
          network: 'Iridium',
          severity: 1,
          description: `position ${index}`,
          latitude: 32,
          longitude: 34,
          altitude: 100,
          link_status: null,
          satcom_time: provider.clock.now,
          log_time: provider.clock.now,
        })),
      )
      .execute();
  };
  // The tests' receiver is on this machine, which no configuration may reach: a test-only policy.
  const forwarderFor = (deadlineMs = 2000) =>
    createSatcomForwarder(suite.provider.provider.context, {
      policy: { purpose: OutboundPurpose.SATCOM_TARGET, allowedNetworks: ['127.0.0.1/32', '::1/128'] },
      intervalMs: 60_000,
      deadlineMs,
    });

  it('is disabled until set, keeps the key sealed and never answers it, and forgets it when removed', async () => {
    const { admin } = suite;
    expect(await target(admin)).toMatchObject({
      url: null,
      has_api_key: false,
      link_status: SatcomLinkStatus.DISABLED,
    });
    const set = await send(admin, 'put', '/satcom_target', {
      satcom_target: { url: 'https://satcom.example.com/in', api_key: API_KEY },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(JSON.stringify(set.body)).not.toContain(API_KEY);
    expect(await target(admin)).toMatchObject({
      url: 'https://satcom.example.com/in',
      has_api_key: true,
      checked: false,
    });
    const stored = await suite.provider.provider.context.db.selectFrom('satcom_targets').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
    // A new URL without a key keeps the stored key.
    await send(admin, 'put', '/satcom_target', { satcom_target: { url: 'https://other.example.com/in' } }).expect(200);
    const kept = await suite.provider.provider.context.db.selectFrom('satcom_targets').selectAll().executeTakeFirst();
    expect(suite.provider.provider.context.secrets.open(kept!.api_key_sealed)).toBe(API_KEY);
    await send(admin, 'delete', '/satcom_target').expect(200);
    expect((await target(admin)).link_status).toBe(SatcomLinkStatus.DISABLED);
    expect((await send(admin, 'delete', '/satcom_target')).status).toBe(404);
  });

  it('refuses a bad URL, an address the provider may not call, and a first target without a key', async () => {
    const { admin } = suite;
    for (const [body, field] of [
      [{ url: 'ftp://satcom.example.com', api_key: API_KEY }, 'satcom_target.url'],
      [{ url: 'http://127.0.0.1:9/in', api_key: API_KEY }, 'satcom_target.url'],
      [{ url: 'http://169.254.169.254/latest/meta-data', api_key: API_KEY }, 'satcom_target.url'],
      [{ url: 'http://10.1.2.3/in', api_key: API_KEY }, 'satcom_target.url'],
      [{ url: 'https://satcom.example.com/in' }, 'satcom_target.api_key'],
      [{ url: 'https://satcom.example.com/in', api_key: 'a\r\nX-Injected: 1' }, 'satcom_target.api_key'],
    ] as const) {
      const refused = await send(admin, 'put', '/satcom_target', { satcom_target: body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe(ErrorCode.MISSING_VALUES);
      expect(Object.keys(refused.body.fields as object)).toEqual([field]);
    }
    expect((await target(admin)).link_status).toBe(SatcomLinkStatus.DISABLED);
  });

  it('stores the URL normalised: trimmed, as its WHATWG serialisation, and refuses CR, LF or tab inside', async () => {
    const { admin } = suite;
    const stored = async () =>
      (await suite.provider.provider.context.db.selectFrom('satcom_targets').select('url').executeTakeFirst())?.url;
    await send(admin, 'put', '/satcom_target', {
      satcom_target: { url: ' \r\n\tHTTPS://Satcom.EXAMPLE.com:443/in?batch=1\r\n ', api_key: API_KEY },
    }).expect(200);
    expect(await stored()).toBe('https://satcom.example.com/in?batch=1');
    expect((await target(admin)).url).toBe('https://satcom.example.com/in?batch=1');
    for (const url of [
      'https://satcom.exa\r\nmple.com/in',
      'https://satcom.example.com/i\tn',
      'https://satcom.example.com/a b',
    ]) {
      const refused = await send(admin, 'put', '/satcom_target', { satcom_target: { url } });
      expect({ url, status: refused.status, fields: refused.body.fields }).toEqual({
        url,
        status: 400,
        fields: { 'satcom_target.url': 'validation.invalidCharacters' },
      });
    }
    expect(await stored()).toBe('https://satcom.example.com/in?batch=1');
  });

  it('says which rule refuses an address, and for a private one the setting that allows it', async () => {
    const { admin } = suite;
    for (const [url, key, message] of [
      [
        'http://127.0.0.1:9/in',
        'validation.addressLoopback',
        /^127\.0\.0\.1 is a loopback address .* no setting allows it$/,
      ],
      // The same address spelled as a number: checked as the URL parser reads it.
      ['http://2130706433:9/in', 'validation.addressLoopback', /^127\.0\.0\.1 is a loopback address/],
      ['http://169.254.169.254/latest/meta-data', 'validation.addressLinkLocal', /^169\.254\.169\.254 is a link-local/],
      [
        'http://0.0.0.0/in',
        'validation.addressReserved',
        /^0\.0\.0\.0 is an unspecified, multicast, broadcast or reserved/,
      ],
      [
        'http://10.1.2.3/in',
        'validation.satcomAddressPrivate',
        /^10\.1\.2\.3 is a private address: .* only when HALO_SATCOM_ALLOWED_NETWORKS lists them$/,
      ],
    ] as const) {
      const refused = await send(admin, 'put', '/satcom_target', { satcom_target: { url, api_key: API_KEY } });
      expect({ url, status: refused.status, error: refused.body.error, fields: refused.body.fields }).toEqual({
        url,
        status: 400,
        error: ErrorCode.MISSING_VALUES,
        fields: { 'satcom_target.url': key },
      });
      expect(refused.body.message).toMatch(message);
    }
    expect((await target(admin)).link_status).toBe(SatcomLinkStatus.DISABLED);
  });

  it('tells why a delivery failed in a generic reason, and keeps the detail in the server log', async () => {
    const { admin, provider } = suite;
    const warnings = vi.spyOn(log, 'warn');
    try {
      const local = await receiver(() => 200);
      servers.push(local.server);
      await send(admin, 'put', '/satcom_target', { satcom_target: { url: local.url, api_key: API_KEY } }).expect(200);
      // The configured policy never calls this machine: `localhost` is refused once resolved.
      const configured = createSatcomForwarder(provider.provider.context, {
        policy: provider.provider.context.config.satcom.networks,
        intervalMs: 60_000,
      });
      await configured.forwardOnce();
      const answer = await send(admin, 'get', '/satcom_target').expect(200);
      expect(answer.body.satcom_target.last_error).toBe('unreachable');
      expect(answer.text).not.toMatch(/127\.0\.0\.1|::1|DNS|family|resolves/);
      expect(warnings).toHaveBeenCalledWith(
        expect.objectContaining({
          reason: 'unreachable',
          detail: expect.stringMatching(/localhost resolves to/),
        }),
        'satcom delivery failed',
      );
      expect(local.received).toEqual([]);

      // A target that takes the connection and never answers.
      const silent = createTcpServer(() => undefined).listen(0, '127.0.0.1');
      await once(silent, 'listening');
      const silentPort = (silent.address() as AddressInfo).port;
      try {
        await send(admin, 'put', '/satcom_target', {
          satcom_target: { url: `http://localhost:${silentPort}/in` },
        }).expect(200);
        await forwarderFor(200).forwardOnce();
        expect((await target(admin)).last_error).toBe('timedOut');
      } finally {
        silent.close();
      }
      // Nothing listens there any more.
      await send(admin, 'put', '/satcom_target', {
        satcom_target: { url: `http://localhost:${silentPort}/in` },
      }).expect(200);
      await forwarderFor().forwardOnce();
      const unreachable = await target(admin);
      expect(unreachable.last_error).toBe('unreachable');
      expect(warnings).toHaveBeenLastCalledWith(
        expect.objectContaining({ reason: 'unreachable', detail: expect.stringMatching(/ECONNREFUSED/) }),
        'satcom delivery failed',
      );
      // A reason stored before reasons were codes reads as the generic one.
      await provider.provider.context.db
        .updateTable('satcom_targets')
        .set({ last_error: 'DNS lookup 127.0.0.1(family:4, host:vm) is not allowed' })
        .execute();
      expect((await target(admin)).last_error).toBe('unreachable');
    } finally {
      warnings.mockRestore();
    }
  });

  it('needs admin view (130) to read and update-all (131) to change', async () => {
    const { admin } = suite;
    await createUser(suite.provider.api, admin, 'satcom-viewer', [Permission.ADMIN_VIEW]);
    await createUser(suite.provider.api, admin, 'satcom-admin', [Permission.ADMIN_VIEW, Permission.ADMIN_UPDATE_ALL]);
    const viewer = await as(suite.provider.api, 'satcom-viewer', 'root');
    const updater = await as(suite.provider.api, 'satcom-admin', 'root');
    const body = { satcom_target: { url: 'https://satcom.example.com/in', api_key: API_KEY } };
    expect((await send(viewer, 'put', '/satcom_target', body)).status).toBe(403);
    expect((await send(updater, 'put', '/satcom_target', body)).status).toBe(200);
    expect((await target(viewer)).has_api_key).toBe(true);
    expect((await send(viewer, 'delete', '/satcom_target')).status).toBe(403);
  });

  it('checks the link, forwards new messages with the key in order, and marks them transmitted', async () => {
    const { admin } = suite;
    await addMessages(2); // before the target: not forwarded
    const local = await receiver(() => 200);
    servers.push(local.server);
    await send(admin, 'put', '/satcom_target', { satcom_target: { url: local.url, api_key: API_KEY } }).expect(200);
    const forwarder = forwarderFor();
    await forwarder.forwardOnce();
    expect(local.received).toEqual([
      { authorization: `Bearer ${API_KEY}`, body: { environment_id: admin.environmentId, messages: [] } },
    ]);
    expect(await target(admin)).toMatchObject({ checked: true, link_status: SatcomLinkStatus.CONNECTED, pending: 0 });
    await addMessages(130);
    await forwarder.forwardOnce();
    await forwarder.forwardOnce();
    const forwarded = local.received.slice(1).flatMap((delivery) => delivery.body.messages);
    expect(forwarded.map((message) => message.description)).toEqual(
      Array.from({ length: 130 }, (_, index) => `position ${index}`),
    );
    expect(await target(admin)).toMatchObject({
      link_status: SatcomLinkStatus.TRANSMITTED,
      pending: 0,
      last_error: null,
    });
    const statuses = await suite.provider.provider.context.db
      .selectFrom('satcom_messages')
      .select('link_status')
      .execute();
    expect(statuses.filter((row) => row.link_status === SatcomLinkStatus.TRANSMITTED)).toHaveLength(130);
  });

  it('backs off while the target fails, loses nothing, and says misconfigured when the key is refused', async () => {
    const { admin, provider } = suite;
    let status = 503;
    const local = await receiver(() => status);
    servers.push(local.server);
    await send(admin, 'put', '/satcom_target', { satcom_target: { url: local.url, api_key: API_KEY } }).expect(200);
    await addMessages(3);
    const forwarder = forwarderFor();
    await forwarder.forwardOnce();
    const failing = await target(admin);
    // Never reached since it was set: not connected.
    expect(failing).toMatchObject({
      pending: 3,
      last_error: 'refusedStatus:503',
      link_status: SatcomLinkStatus.MISCONFIGURED,
    });
    expect(Date.parse(failing.next_attempt_at!)).toBe(provider.clock.now + 1000);
    // Not due yet: nothing is sent.
    status = 200;
    await forwarder.forwardOnce();
    expect(local.received).toEqual([]);
    provider.clock.now += 1000;
    await forwarder.forwardOnce();
    expect(local.received.flatMap((delivery) => delivery.body.messages)).toHaveLength(3);
    expect(await target(admin)).toMatchObject({
      pending: 0,
      link_status: SatcomLinkStatus.TRANSMITTED,
      next_attempt_at: null,
    });

    status = 401;
    await addMessages(1);
    provider.clock.now += 1000;
    await forwarder.forwardOnce();
    expect(await target(admin)).toMatchObject({
      link_status: SatcomLinkStatus.MISCONFIGURED,
      last_error: 'refusedStatus:401',
      pending: 1,
    });
    // A fixed key is tried at once.
    status = 200;
    await send(admin, 'put', '/satcom_target', { satcom_target: { url: local.url, api_key: 'new-key' } }).expect(200);
    await forwarder.forwardOnce();
    expect(local.received.at(-1)?.authorization).toBe('Bearer new-key');
  });

  it('calls a target only at an address the policy allows', async () => {
    const { admin } = suite;
    const local = await receiver(() => 200);
    servers.push(local.server);
    await send(admin, 'put', '/satcom_target', { satcom_target: { url: local.url, api_key: API_KEY } }).expect(200);
    const closed = createSatcomForwarder(suite.provider.provider.context, {
      policy: suite.provider.provider.context.config.satcom.networks,
      intervalMs: 60_000,
    });
    await closed.forwardOnce();
    expect(local.received).toEqual([]);
    expect(await target(admin)).toMatchObject({ link_status: SatcomLinkStatus.MISCONFIGURED, checked: true });
  });
});
