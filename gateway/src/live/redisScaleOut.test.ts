import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@halo/shared';
import type { GatewayConfig } from '../config.js';
import { leaderKey } from '../pollers/leadership.js';
import { startFakeUpstream, type FakeUpstream } from '../testing/fakeUpstream.js';
import { LiveView, upstreamDevices } from '../testing/liveView.js';
import { startTestGateway, type LiveClient, type TestGateway } from '../testing/testGateway.js';

/** Real Redis on this machine; every run uses keys of its own. */
const REDIS_URL = process.env.HALO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MANAGER = 'token-manager-env10-redis-01';
const COLLEAGUE = 'token-colleague-env10-redis-02';
const PARENT = 'token-parent-env1-redis-03';

let upstream: FakeUpstream;
let admin: Redis;
let prefix: string;
let gateways: TestGateway[] = [];

const config = (): Partial<GatewayConfig> => ({
  sessionCheckMs: 3_600_000,
  clockRefreshMs: 3_600_000,
  upstreamProbeMs: 3_600_000,
  pollMs: 50,
  fullPollEvery: 1_000_000,
  pollTimeoutMs: 2000,
  pollBackoffMaxMs: 200,
  pollGraceMs: 100,
  redisUrl: REDIS_URL,
  redisPrefix: prefix,
  leaderTtlMs: 600,
});

async function twoGateways(overrides: Partial<GatewayConfig> = {}): Promise<[TestGateway, TestGateway]> {
  const first = await startTestGateway({ apiBaseUrl: upstream.apiBaseUrl }, { ...config(), ...overrides });
  const second = await startTestGateway({ apiBaseUrl: upstream.apiBaseUrl }, { ...config(), ...overrides });
  gateways.push(first, second);
  return [first, second];
}

async function open(gateway: TestGateway, token: string): Promise<{ client: LiveClient; view: LiveView }> {
  const client = gateway.connect({ token });
  const view = new LiveView(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
  return { client, view };
}

const subscribe = (client: LiveClient, payload: { environmentId: number; epoch?: string; seq?: number }) =>
  client.timeout(5000).emitWithAck('devices.subscribe', payload);

const sameAsUpstream = (view: LiveView) =>
  expect.poll(() => view.list(), { timeout: 5000 }).toEqual(upstreamDevices(upstream, 10));

const leaders = () => gateways.filter((gateway) => gateway.gateway.pollers.running > 0);

beforeAll(async () => {
  upstream = await startFakeUpstream();
  admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});

beforeEach(() => {
  prefix = `halo-test-${randomBytes(6).toString('hex')}`;
  upstream.sessions.clear();
  upstream.sessions.set(MANAGER, { userId: 1, environmentId: 10, verified: true });
  upstream.sessions.set(COLLEAGUE, { userId: 2, environmentId: 10, verified: true });
  upstream.sessions.set(PARENT, { userId: 3, environmentId: 1, verified: true });
  const { fleet } = upstream;
  fleet.devices.clear();
  fleet.removals.length = 0;
  fleet.refusedTokens.clear();
  fleet.revision = 0;
  fleet.environments.clear();
  fleet.environments.set(1, null);
  fleet.environments.set(10, 1);
  for (let id = 1; id <= 20; id += 1) fleet.put(10, id);
});

afterEach(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  gateways = [];
  const keys = await admin.keys(`${prefix}:*`);
  if (keys.length > 0) await admin.del(...keys);
});

afterAll(async () => {
  await admin.quit();
  await upstream.close();
});

describe('several gateways with Redis', () => {
  it('poll each environment once: one leader, every client on either gateway gets the same stream', async () => {
    const [first, second] = await twoGateways();
    const onFirst = await open(first, MANAGER);
    const onSecond = await open(second, COLLEAGUE);
    expect(await subscribe(onFirst.client, { environmentId: 10 })).toEqual({ ok: true, mode: 'snapshot' });
    expect(await subscribe(onSecond.client, { environmentId: 10 })).toEqual({ ok: true, mode: 'snapshot' });
    await sameAsUpstream(onFirst.view);
    await sameAsUpstream(onSecond.view);

    upstream.fleet.put(10, 3, { name: 'changed once' });
    upstream.fleet.remove(4);
    await sameAsUpstream(onFirst.view);
    await sameAsUpstream(onSecond.view);
    expect(leaders()).toHaveLength(1);
    expect(onFirst.view.epoch).toBe(onSecond.view.epoch);
    expect(onSecond.view.seq).toBe(onFirst.view.seq);
    expect(onFirst.view.gaps + onSecond.view.gaps).toBe(0);
    const follower = gateways.find((gateway) => gateway.gateway.pollers.running === 0);
    expect(await follower?.gateway.metrics.polls.get({ result: 'ok' })).toBe(0);
  });

  it('fails over when the leader closes: the other gateway polls, its clients get a new epoch and go on', async () => {
    const [first, second] = await twoGateways();
    const onFirst = await open(first, MANAGER);
    const onSecond = await open(second, COLLEAGUE);
    await subscribe(onFirst.client, { environmentId: 10 });
    await subscribe(onSecond.client, { environmentId: 10 });
    await sameAsUpstream(onSecond.view);
    await expect.poll(() => leaders().length).toBe(1);
    const leader = leaders()[0]!;
    const survivor = leader === first ? second : first;
    const survivorView = leader === first ? onSecond.view : onFirst.view;
    const oldEpoch = survivorView.epoch;

    await leader.close();
    gateways = gateways.filter((gateway) => gateway !== leader);
    await expect.poll(() => survivor.gateway.pollers.running, { timeout: 3000 }).toBe(1);
    upstream.fleet.put(10, 7, { name: 'after the failover' });
    await sameAsUpstream(survivorView);
    expect(survivorView.epoch).not.toBe(oldEpoch);
    expect(survivorView.snapshots).toBe(2);
  });

  it('hands leadership over at once when the leader stops, not at the follower’s next round', async () => {
    // Followers try for a free lock every third of the TTL: 20 s here. The stopping leader says
    // it let go, and the follower takes over within a poll.
    const [first, second] = await twoGateways({ leaderTtlMs: 60_000 });
    const onFirst = await open(first, MANAGER);
    await subscribe(onFirst.client, { environmentId: 10 });
    await sameAsUpstream(onFirst.view);
    const onSecond = await open(second, COLLEAGUE);
    await subscribe(onSecond.client, { environmentId: 10 });
    await sameAsUpstream(onSecond.view);
    await expect.poll(() => leaders()).toEqual([first]);

    const stopping = Date.now();
    await first.close();
    gateways = gateways.filter((gateway) => gateway !== first);
    await expect.poll(() => second.gateway.pollers.running, { timeout: 2000, interval: 20 }).toBe(1);
    expect(Date.now() - stopping).toBeLessThan(2000);
    upstream.fleet.put(10, 3, { name: 'polled by the successor' });
    await sameAsUpstream(onSecond.view);
  });

  it('stops polling when its lock is lost (no double writers), and someone leads again once it expires', async () => {
    const [first, second] = await twoGateways();
    const onFirst = await open(first, MANAGER);
    const onSecond = await open(second, COLLEAGUE);
    await subscribe(onFirst.client, { environmentId: 10 });
    await subscribe(onSecond.client, { environmentId: 10 });
    await sameAsUpstream(onFirst.view);
    // Someone else holds the lock now (as after a network partition): the leader must step down.
    await admin.set(leaderKey(prefix, 10), 'an-intruder', 'PX', 1000);
    await expect.poll(() => leaders().length, { timeout: 2000 }).toBe(0);
    await expect.poll(() => leaders().length, { timeout: 3000 }).toBe(1);
    upstream.fleet.put(10, 5, { name: 'under the new leader' });
    await sameAsUpstream(onFirst.view);
    await sameAsUpstream(onSecond.view);
    expect(onFirst.view.epoch).toBe(onSecond.view.epoch);
  });

  it('hands leadership over when the leader has no token the upstream accepts', async () => {
    const [first, second] = await twoGateways();
    const onFirst = await open(first, MANAGER);
    await subscribe(onFirst.client, { environmentId: 10 });
    await sameAsUpstream(onFirst.view);
    expect(first.gateway.pollers.running).toBe(1);
    const onSecond = await open(second, COLLEAGUE);
    await subscribe(onSecond.client, { environmentId: 10 });
    await sameAsUpstream(onSecond.view);

    // A parent-environment user on the first gateway watches too, with a token the upstream takes.
    const watcher = await open(first, PARENT);
    await subscribe(watcher.client, { environmentId: 10 });
    await sameAsUpstream(watcher.view);

    // The upstream refuses the token the first gateway polls with: that subscriber is cut off,
    // and the gateway polls with the next one.
    const refused = first.gateway.pollers.running === 1 ? MANAGER : null;
    expect(refused).toBe(MANAGER);
    upstream.fleet.refusedTokens.add(MANAGER);
    upstream.fleet.put(10, 6, { name: 'after the refusal' });
    await sameAsUpstream(onSecond.view);
    await sameAsUpstream(watcher.view);
    await expect.poll(() => onFirst.client.connected).toBe(false);

    // When no subscriber of the leader can poll, it hands the environment over.
    upstream.fleet.refusedTokens.add(PARENT);
    await expect.poll(() => second.gateway.pollers.running, { timeout: 5000 }).toBe(1);
    expect(first.gateway.pollers.running).toBe(0);
    upstream.fleet.put(10, 7, { name: 'polled with the colleague' });
    await sameAsUpstream(onSecond.view);
  });

  it('does not serve a shared state nobody leads any more: the next leader starts afresh', async () => {
    const [first, second] = await twoGateways();
    const early = await open(first, MANAGER);
    await subscribe(early.client, { environmentId: 10 });
    await sameAsUpstream(early.view);
    early.client.disconnect();
    await expect.poll(() => leaders().length, { timeout: 3000 }).toBe(0);
    expect(await admin.exists(`${prefix}:env:10:meta`)).toBe(1);

    upstream.fleet.put(10, 1, { name: 'changed while nobody watched' });
    const late = await open(second, COLLEAGUE);
    await subscribe(late.client, { environmentId: 10 });
    await sameAsUpstream(late.view);
    expect(late.view.snapshots).toBe(1);
    expect(late.view.epoch).not.toBe(early.view.epoch);
  });

  it('lets a client resume on another gateway with a replay from the shared history', async () => {
    const [first, second] = await twoGateways();
    // A colleague keeps the first gateway polling.
    const colleague = await open(first, COLLEAGUE);
    await subscribe(colleague.client, { environmentId: 10 });
    const before = await open(first, MANAGER);
    await subscribe(before.client, { environmentId: 10 });
    upstream.fleet.put(10, 1, { name: 'seen on the first gateway' });
    await sameAsUpstream(before.view);
    const { epoch, seq } = before.view;
    before.client.disconnect();

    upstream.fleet.put(10, 2, { name: 'missed' });
    await sameAsUpstream(colleague.view);
    upstream.fleet.remove(9);
    await sameAsUpstream(colleague.view);
    expect(second.gateway.fanout.environments).toEqual([]);

    const after = await open(second, MANAGER);
    after.view.resumeFrom(before.view);
    expect(await subscribe(after.client, { environmentId: 10, epoch: epoch!, seq })).toEqual({
      ok: true,
      mode: 'replay',
    });
    await sameAsUpstream(after.view);
    expect(after.view.snapshots).toBe(0);
    expect(after.view.deltas.map((delta) => delta.seq)).toEqual([seq + 1, seq + 2]);
    expect(second.gateway.pollers.running).toBe(0);

    // And it follows the live stream from there.
    upstream.fleet.put(10, 3, { name: 'live again' });
    await sameAsUpstream(after.view);
    expect(after.view.gaps).toBe(0);
  });
});

describe('rate limits with Redis', () => {
  it('are the cluster’s: calls through one gateway count against the other', async () => {
    const first = await startTestGateway(
      { apiBaseUrl: upstream.apiBaseUrl },
      { ...config(), rateLimitApiPerMinute: 3 },
    );
    const second = await startTestGateway(
      { apiBaseUrl: upstream.apiBaseUrl },
      { ...config(), rateLimitApiPerMinute: 3 },
    );
    gateways.push(first, second);
    const echo = (gateway: TestGateway) => fetch(`${gateway.url}${API_BASE}/echo`).then((response) => response.status);
    expect(await echo(first)).toBe(200);
    expect(await echo(second)).toBe(200);
    expect(await echo(first)).toBe(200);
    expect(await echo(second)).toBe(429);
    expect(await admin.keys(`${prefix}:rate:api:*`)).toHaveLength(1);
  });
});
