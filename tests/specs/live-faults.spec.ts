import { TestId } from '@halo/shared';
import { expect, test } from '@playwright/test';
import { issueWallDisplay } from '../fixtures/fleetCounts';
import { gatewayMetric, LiveFleetClient, login, pollingLeader, sleep } from '../fixtures/liveClient';
import { expectConverged, fleetReady, stopChanges } from '../fixtures/simulatedFleet';
import { redisScaleOutEnv, startGateway, startProvider, type GatewayProcess } from '../fixtures/stack';

/**
 * Fault tests of the live path (issue 4, point 6), on processes of their own: a provider with a
 * small simulated fleet, and gateways pointed at it with UPSTREAM_URL so either side can be
 * killed, suspended and restarted. Node-side socket clients follow the protocol of
 * gateway/README.md; "nothing lost" means a client's state equals the upstream's full
 * devices_state once the changes stop (the provider restarts on its data without its simulator).
 */
const DEVICES = 120;
const CHANGE_FRACTION = '0.05';
const POLL_MS = 500;

const SIMULATED = { HALO_SIM_DEVICES: String(DEVICES), HALO_SIM_CHANGE_FRACTION: CHANGE_FRACTION };

test.describe.configure({ mode: 'serial' });

test('the gateway killed and restarted while clients stream: every client converges with nothing lost', async () => {
  test.setTimeout(180_000);
  const provider = await startProvider(SIMULATED);
  let gateway: GatewayProcess | undefined;
  const clients: LiveFleetClient[] = [];
  try {
    await fleetReady(provider, DEVICES);
    gateway = await startGateway(provider.apiURL, { HALO_POLL_MS: String(POLL_MS) });
    const session = await login(gateway.baseURL, provider.adminPassword);
    for (let index = 0; index < 5; index += 1)
      clients.push(new LiveFleetClient(gateway.baseURL, session.token, session.environmentId));
    await expect
      .poll(() => clients.every((client) => client.devices.size === DEVICES && client.counts.deltas >= 2), {
        timeout: 30_000,
      })
      .toBe(true);
    const epochBefore = clients[0]!.epoch;

    await gateway.kill('SIGKILL');
    await sleep(1500);
    expect(clients.some((client) => client.connected)).toBe(false);
    // Changes go on while the gateway is away.
    await sleep(2000);
    await gateway.restart();

    // Back by themselves, in a new epoch (a new poller), and streaming again.
    await expect
      .poll(
        () =>
          clients.every((client) => client.connected && client.epoch !== epochBefore && client.counts.snapshots >= 2),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const deltasAfter = clients.map((client) => client.counts.deltas);
    await expect
      .poll(() => clients.every((client, index) => client.counts.deltas > deltasAfter[index]!), { timeout: 20_000 })
      .toBe(true);

    await stopChanges(provider, [gateway]);
    for (const [index, client] of clients.entries())
      await expectConverged(client, provider, session, DEVICES, `client ${index}`);
    for (const client of clients) expect(client.counts.connects).toBe(2);
  } finally {
    for (const client of clients) client.close();
    await gateway?.dispose();
    await provider.dispose();
  }
});

test('a client offline past the history window gets a snapshot; one back within it gets a replay', async () => {
  // The history cannot be shorter than 2 minutes (HALO_DELTA_HISTORY_MS at least 120000):
  // ceil(120000 / 1000) + 16 = 136 deltas at one poll a second.
  test.setTimeout(330_000);
  const pollMs = 1000;
  const historyDeltas = Math.ceil(120_000 / pollMs) + 16;
  const provider = await startProvider({ ...SIMULATED, HALO_SIM_CHANGE_FRACTION: '0.1' });
  let gateway: GatewayProcess | undefined;
  const clients: LiveFleetClient[] = [];
  try {
    await fleetReady(provider, DEVICES);
    gateway = await startGateway(provider.apiURL, { HALO_POLL_MS: String(pollMs), HALO_DELTA_HISTORY_MS: '120000' });
    const session = await login(gateway.baseURL, provider.adminPassword);
    const watcher = new LiveFleetClient(gateway.baseURL, session.token, session.environmentId);
    const traveller = new LiveFleetClient(gateway.baseURL, session.token, session.environmentId);
    clients.push(watcher, traveller);
    await expect
      .poll(() => traveller.devices.size === DEVICES && traveller.counts.deltas >= 1, { timeout: 30_000 })
      .toBe(true);

    // A short absence: the missed deltas are replayed, no snapshot.
    traveller.disconnect();
    let leftAt = traveller.seq;
    await expect.poll(() => watcher.seq - leftAt, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    traveller.connect();
    await expect.poll(() => traveller.acks.at(-1), { timeout: 20_000 }).toEqual({ ok: true, mode: 'replay' });
    await expect
      .poll(() => traveller.seq >= watcher.seq - 1 && traveller.counts.snapshots === 1, { timeout: 20_000 })
      .toBe(true);

    // A long one: more deltas than the history holds went by in the same epoch.
    traveller.disconnect();
    leftAt = traveller.seq;
    const epoch = traveller.epoch;
    await expect
      .poll(() => watcher.seq - leftAt, { timeout: 280_000, intervals: [5000] })
      .toBeGreaterThan(historyDeltas + 2);
    expect(watcher.epoch).toBe(epoch);
    traveller.connect();
    await expect.poll(() => traveller.acks.at(-1), { timeout: 20_000 }).toEqual({ ok: true, mode: 'snapshot' });
    await expect.poll(() => traveller.counts.snapshots, { timeout: 20_000 }).toBe(2);
    expect(traveller.epoch).toBe(epoch);

    // ...and holds what the watcher holds.
    await stopChanges(provider, [gateway]);
    await expectConverged(traveller, provider, session, DEVICES, 'the returning client');
    await expectConverged(watcher, provider, session, DEVICES, 'the watcher');
    expect(traveller.counts.gaps).toBe(0);
  } finally {
    for (const client of clients) client.close();
    await gateway?.dispose();
    await provider.dispose();
  }
});

test('the upstream stopped for 30 s: the wall shows how old its data is and recovers by itself', async ({ page }) => {
  test.setTimeout(180_000);
  const provider = await startProvider(SIMULATED);
  let gateway: GatewayProcess | undefined;
  try {
    await fleetReady(provider, DEVICES);
    gateway = await startGateway(provider.apiURL, {
      HALO_POLL_MS: String(POLL_MS),
      HALO_POLL_TIMEOUT_MS: '2000',
      HALO_POLL_BACKOFF_MAX_MS: '4000',
      HALO_UPSTREAM_PROBE_MS: '1000',
    });
    const session = await login(gateway.baseURL, provider.adminPassword);
    const wall = await issueWallDisplay(
      gateway.baseURL,
      `Bearer ${session.token}`,
      session.environmentId,
      'fault wall',
    );
    await page.goto(`${gateway.baseURL}${wall.path}`);
    await expect(page.getByTestId(TestId.wall.count('total'))).toContainText(String(DEVICES), { timeout: 30_000 });
    const dataAge = page.getByTestId(TestId.wall.dataAge);
    await expect(dataAge).toHaveCount(0);

    // The provider hangs: requests are accepted and never answered.
    await provider.kill('SIGSTOP');
    const stoppedAt = Date.now();
    await expect(dataAge).toBeVisible({ timeout: 20_000 });
    await expect(dataAge).toHaveText(/Data is \d+ s old/);
    const ageOf = async () => Number(/(\d+)/.exec((await dataAge.textContent()) ?? '')?.[1] ?? Number.NaN);
    const firstAge = await ageOf();
    await sleep(Math.max(0, 30_000 - (Date.now() - stoppedAt)));
    // Still stale, and the age counts up with the time that went by.
    await expect(dataAge).toBeVisible();
    const laterAge = await ageOf();
    expect(laterAge).toBeGreaterThanOrEqual(firstAge + 10);
    expect(laterAge).toBeGreaterThanOrEqual(20);
    await expect(page.getByTestId(TestId.wall.count('total'))).toContainText(String(DEVICES));
    await page.screenshot({ path: test.info().outputPath('wall-upstream-stopped.png') });

    await provider.kill('SIGCONT');
    await expect(dataAge).toHaveCount(0, { timeout: 45_000 });
    await expect(page.getByTestId(TestId.wall.count('total'))).toContainText(String(DEVICES));
    await expect(page.getByTestId(TestId.wall.message)).toHaveCount(0);
    // Live again: deltas flow to a client of the same gateway.
    const client = new LiveFleetClient(gateway.baseURL, session.token, session.environmentId);
    try {
      await expect.poll(() => client.counts.deltas, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(client.upstream?.state).toBe('ok');
    } finally {
      client.close();
    }
  } finally {
    await provider.kill('SIGCONT');
    await gateway?.dispose();
    await provider.dispose();
  }
});

test('with Redis, two gateways and the leader killed: the other takes over polling and its client keeps receiving', async () => {
  test.setTimeout(180_000);
  // A Redis key prefix of its own: nothing shared with other runs on the same Redis.
  const redis = redisScaleOutEnv({ HALO_LEADER_TTL_MS: '1500', HALO_POLL_MS: String(POLL_MS) });
  const provider = await startProvider(SIMULATED);
  const gateways: GatewayProcess[] = [];
  const clients: LiveFleetClient[] = [];
  try {
    await fleetReady(provider, DEVICES);
    gateways.push(await startGateway(provider.apiURL, redis), await startGateway(provider.apiURL, redis));
    const [first, second] = gateways as [GatewayProcess, GatewayProcess];
    const session = await login(first.baseURL, provider.adminPassword);
    const onFirst = new LiveFleetClient(first.baseURL, session.token, session.environmentId);
    clients.push(onFirst);
    await expect.poll(() => onFirst.counts.deltas, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const onSecond = new LiveFleetClient(second.baseURL, session.token, session.environmentId);
    clients.push(onSecond);
    await expect
      .poll(() => onSecond.devices.size === DEVICES && onSecond.counts.deltas >= 2, { timeout: 30_000 })
      .toBe(true);

    // Exactly one of them polls.
    const leader = await pollingLeader(gateways);
    const follower = leader === first ? second : first;
    const survivor = leader === first ? onSecond : onFirst;
    const pollsBefore = await gatewayMetric(follower.baseURL, 'halo_gateway_polls_total');
    // Both clients got the same deltas so far.
    expect(onFirst.epoch).toBe(onSecond.epoch);

    await leader.kill('SIGKILL');
    const killedAt = Date.now();
    const deltasAtKill = survivor.counts.deltas;
    const epochAtKill = survivor.epoch;
    // The lock expires (1.5 s) and the follower polls.
    await expect
      .poll(() => gatewayMetric(follower.baseURL, 'halo_gateway_pollers_running'), { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(() => gatewayMetric(follower.baseURL, 'halo_gateway_polls_total'), { timeout: 20_000 })
      .toBeGreaterThan(pollsBefore + 2);
    const tookOverMs = Date.now() - killedAt;
    test.info().annotations.push({ type: 'failover', description: `the follower polled within ${tookOverMs} ms` });
    // Its client stays connected and keeps getting deltas (a new epoch: a new leader).
    await expect
      .poll(() => survivor.connected && survivor.epoch !== epochAtKill && survivor.counts.deltas >= deltasAtKill + 3, {
        timeout: 30_000,
      })
      .toBe(true);
    expect(survivor.counts.connects).toBe(1);

    await stopChanges(provider, [follower]);
    await expectConverged(survivor, provider, session, DEVICES, 'the client on the surviving gateway');
  } finally {
    for (const client of clients) client.close();
    for (const gateway of gateways) await gateway.dispose();
    await provider.dispose();
  }
});
