import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ClockEventSchema,
  SessionEndReason,
  SessionEndedEventSchema,
  UpstreamStatusEventSchema,
  type UpstreamStatusEvent,
} from '@halo/shared';
import request from 'supertest';
import { startFakeUpstream, type FakeUpstream } from '../testing/fakeUpstream.js';
import { nextEvent, startTestGateway, type LiveClient, type TestGateway } from '../testing/testGateway.js';

const TOKEN_A = 'token-a-0123456789abcdef';
const TOKEN_B = 'token-b-0123456789abcdef';
const UNVERIFIED = 'token-unverified-0123456789';

let upstream: FakeUpstream;
let started: TestGateway | undefined;

/** Long enough that no timer fires during a test unless the test shortens it. */
const QUIET = { sessionCheckMs: 3_600_000, clockRefreshMs: 3_600_000, upstreamProbeMs: 3_600_000 };

async function gatewayWith(overrides = {}) {
  started = await startTestGateway({ apiBaseUrl: upstream.apiBaseUrl }, { ...QUIET, ...overrides });
  return started;
}

const connected = (client: LiveClient) =>
  new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', (error) => reject(error));
  });

const refusal = (client: LiveClient) =>
  new Promise<Error & { data?: { reason?: string } }>((resolve, reject) => {
    client.once('connect', () => reject(new Error('the socket was accepted')));
    client.once('connect_error', (error) => resolve(error));
  });

beforeAll(async () => {
  upstream = await startFakeUpstream();
});

beforeEach(() => {
  upstream.requests.length = 0;
  upstream.sessions.clear();
  upstream.sessionCalls.clear();
  upstream.dropConnections = false;
  upstream.sessions.set(TOKEN_A, { userId: 1, environmentId: 10, verified: true });
  upstream.sessions.set(TOKEN_B, { userId: 2, environmentId: 10, verified: true });
  upstream.sessions.set(UNVERIFIED, { userId: 3, environmentId: 11, verified: false });
});

afterEach(async () => {
  await started?.close();
  started = undefined;
});

afterAll(async () => {
  await upstream.close();
});

describe('the /live handshake', () => {
  it.each([
    ['an unknown token', { token: 'not-a-session-token' }],
    ['no token', {}],
    ['a token that is not a string', { token: 42 }],
  ])('refuses %s as unauthorized', async (_case, auth) => {
    const { connect } = await gatewayWith();
    const error = await refusal(connect(auth));
    expect(error.message).toBe('unauthorized');
  });

  it('refuses a session still waiting for its second factor', async () => {
    const { connect } = await gatewayWith();
    expect((await refusal(connect({ token: UNVERIFIED }))).message).toBe('unauthorized');
  });

  it('tells why a session that ended is refused', async () => {
    upstream.sessions.set(TOKEN_A, { userId: 1, environmentId: 10, verified: true, endedReason: 'replaced' });
    const { connect } = await gatewayWith();
    const error = await refusal(connect({ token: TOKEN_A }));
    expect(error.message).toBe('unauthorized');
    expect(error.data?.reason).toBe('replaced');
  });

  it('refuses a foreign Origin when the public URL is set, and accepts the public one', async () => {
    const { connect } = await gatewayWith({ publicUrl: 'https://console.example' });
    const foreign = await refusal(connect({ token: TOKEN_A }, { origin: 'https://evil.example' }));
    expect(foreign.message).toBe('forbidden');
    await connected(connect({ token: TOKEN_A }, { origin: 'https://console.example' }));
  });

  it('with no public URL set, refuses another site’s page and accepts its own host', async () => {
    const { connect, url } = await gatewayWith();
    const foreign = await refusal(connect({ token: TOKEN_A }, { origin: 'https://evil.example' }));
    expect(foreign.message).toBe('forbidden');
    await connected(connect({ token: TOKEN_A }, { origin: url }));
  });

  it('accepts the same origin as the Host it was reached at', async () => {
    const { connect, url } = await gatewayWith({ publicUrl: 'https://console.example' });
    await connected(connect({ token: TOKEN_A }, { origin: url }));
  });

  it('sends the server clock and the upstream status on connect, and joins the user and environment rooms', async () => {
    upstream.serverClock = '2031-05-06T07:08:09.000Z';
    const { connect, gateway } = await gatewayWith();
    await expect.poll(() => gateway.live.clock.known).toBe(true);
    const client = connect({ token: TOKEN_A });
    const [clock, status] = await Promise.all([
      nextEvent(client, 'clock'),
      nextEvent<UpstreamStatusEvent>(client, 'upstream.status'),
    ]);
    const { serverTime } = ClockEventSchema.parse(clock);
    expect(Date.parse(serverTime) - Date.parse('2031-05-06T07:08:09.000Z')).toBeGreaterThanOrEqual(0);
    expect(Date.parse(serverTime) - Date.parse('2031-05-06T07:08:09.000Z')).toBeLessThan(5000);
    expect(UpstreamStatusEventSchema.parse(status).state).toBe('ok');
    const rooms = gateway.io.of('/live').adapter.rooms;
    expect(rooms.get('user:1')?.size).toBe(1);
    expect(rooms.get('env:10')?.size).toBe(1);
  });

  it('sends every socket the clock again on each refresh', async () => {
    const { connect, gateway } = await gatewayWith({ clockRefreshMs: 200 });
    const client = connect({ token: TOKEN_A });
    await connected(client);
    upstream.serverClock = '2032-01-01T00:00:00.000Z';
    await expect
      .poll(async () => (await nextEvent<{ serverTime: string }>(client, 'clock', 1000)).serverTime.slice(0, 4), {
        timeout: 3000,
      })
      .toBe('2032');
    expect(await gateway.metrics.upstreamRequests.get({ source: 'clock' })).toBeGreaterThan(1);
  });

  it('does not serve the main namespace', async () => {
    const { url } = await gatewayWith();
    const { io } = await import('socket.io-client');
    const client = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
    const error = await new Promise<Error>((resolve) => client.once('connect_error', resolve));
    client.disconnect();
    expect(error.message).toBe('notFound');
  });
});

describe('shutdown', () => {
  it('drops sockets as a lost transport, so browsers reconnect, and closes the server', async () => {
    const { connect, gateway } = await gatewayWith();
    const client = connect({ token: TOKEN_A });
    await connected(client);
    const reason = new Promise<string>((resolve) => client.once('disconnect', resolve));
    await gateway.close();
    expect(await reason).toBe('transport close');
    expect(gateway.httpServer.listening).toBe(false);
  });

  it('says it is not ready from the first moment, and drops its sockets over the drain window, not all at once', async () => {
    const { connect, gateway } = await gatewayWith({ drainSpreadMs: 800 });
    const clients = Array.from({ length: 16 }, () => connect({ token: TOKEN_A }));
    await Promise.all(clients.map(connected));
    const dropped = clients.map(
      (client) =>
        new Promise<{ at: number; reason: string }>((resolve) =>
          client.once('disconnect', (reason) => resolve({ at: Date.now(), reason })),
        ),
    );
    expect((await request(gateway.app).get('/readyz')).status).toBe(200);
    const stopping = Date.now();
    const closed = gateway.close();
    const readiness = await request(gateway.app).get('/readyz');
    expect(readiness.status).toBe(503);
    expect(readiness.body).toMatchObject({ status: 'stopping' });
    expect((await request(gateway.app).get('/healthz')).status).toBe(200);
    await closed;
    const drops = await Promise.all(dropped);
    expect(new Set(drops.map((drop) => drop.reason))).toEqual(new Set(['transport close']));
    const moments = drops.map((drop) => drop.at - stopping).sort((a, b) => a - b);
    expect(moments.at(-1)! - moments[0]!).toBeGreaterThan(200);
    expect(moments.at(-1)!).toBeLessThan(800 + 500);
  });
});

describe('session re-validation', () => {
  it('ends every socket of a replaced session within the interval, and only those', async () => {
    const { connect } = await gatewayWith({ sessionCheckMs: 150 });
    const tabsOfA = [connect({ token: TOKEN_A }), connect({ token: TOKEN_A })];
    const tabOfB = connect({ token: TOKEN_B });
    await Promise.all([...tabsOfA, tabOfB].map(connected));

    const endedAt = Date.now();
    upstream.sessions.get(TOKEN_A)!.endedReason = SessionEndReason.REPLACED;
    const ended = await Promise.all(tabsOfA.map((tab) => nextEvent(tab, 'session.ended', 2000)));
    expect(Date.now() - endedAt).toBeLessThan(1000);
    for (const payload of ended) expect(SessionEndedEventSchema.parse(payload)).toEqual({ reason: 'replaced' });
    await expect.poll(() => tabsOfA.every((tab) => !tab.connected)).toBe(true);
    expect(tabOfB.connected).toBe(true);
    // Background work never acts for a user beyond the session check.
    expect(new Set(upstream.requests)).toEqual(new Set(['GET /api/v1/auth/session', 'GET /api/v1/server_clock']));
  });

  it('calls the upstream once per distinct token, however many sockets share it', async () => {
    const { connect, gateway } = await gatewayWith();
    const sockets = [
      connect({ token: TOKEN_A }),
      connect({ token: TOKEN_A }),
      connect({ token: TOKEN_A }),
      connect({ token: TOKEN_B }),
    ];
    await Promise.all(sockets.map(connected));
    upstream.sessionCalls.clear();
    await gateway.live.sessions.checkAll();
    expect(Object.fromEntries(upstream.sessionCalls)).toEqual({ [TOKEN_A]: 1, [TOKEN_B]: 1 });
    await gateway.live.sessions.checkAll();
    expect(Object.fromEntries(upstream.sessionCalls)).toEqual({ [TOKEN_A]: 2, [TOKEN_B]: 2 });
  });

  it('ends no session while the upstream cannot be reached, and says it is degraded', async () => {
    const { connect, gateway } = await gatewayWith();
    const client = connect({ token: TOKEN_A });
    const initialStatus = nextEvent<UpstreamStatusEvent>(client, 'upstream.status');
    await connected(client);
    expect((await initialStatus).state).toBe('ok');
    const statusChange = nextEvent<UpstreamStatusEvent>(client, 'upstream.status');
    upstream.dropConnections = true;
    let endedEvents = 0;
    client.on('session.ended', () => (endedEvents += 1));
    await gateway.live.sessions.checkAll();
    expect((await statusChange).state).toBe('degraded');
    await gateway.live.sessions.checkAll();
    await gateway.live.sessions.checkAll();
    expect(gateway.upstreamStatus.current).toBe('down');
    expect(endedEvents).toBe(0);
    expect(client.connected).toBe(true);
  });
});
