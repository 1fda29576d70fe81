import { Permission, TestId } from '@halo/shared';
import { expect, test, type APIRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { countsOf, expectCountsShown, issueWallDisplay } from '../fixtures/fleetCounts';
import {
  gatewayMetric,
  LiveFleetClient,
  login,
  pollingLeader,
  sleep,
  upstreamDevices,
  type Session,
} from '../fixtures/liveClient';
import { PeopleApi } from '../fixtures/peopleApi';
import { openDevicesAs, type OperatorBrowser } from '../fixtures/session';
import { shownDifferences, shownFromUpstream } from '../fixtures/shownDevices';
import { expectConverged, fleetReady, stopChanges } from '../fixtures/simulatedFleet';
import {
  redisScaleOutEnv,
  startGateway,
  startProvider,
  type GatewayProcess,
  type ProviderProcess,
} from '../fixtures/stack';

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

const OPERATOR_PASSWORD = 'Operat0r-Passw0rd!';

const SIMULATED = { HALO_SIM_DEVICES: String(DEVICES), HALO_SIM_CHANGE_FRACTION: CHANGE_FRACTION };

test.describe.configure({ mode: 'serial' });

/** The fault tests' browsers: an operator on the Devices screen (the fleet worker) and a wall (the fleet summary). */
interface FaultBrowsers {
  readonly operator: OperatorBrowser;
  readonly wallContext: BrowserContext;
  readonly wall: Page;
}

/**
 * Makes the browsers' operator user. Before the manager's session for the protocol clients: a
 * user has one session at a time, and this signs the manager in too.
 */
async function createOperator(
  playwright: { readonly request: APIRequest },
  gateway: GatewayProcess,
  provider: ProviderProcess,
): Promise<void> {
  const request = await playwright.request.newContext({ baseURL: gateway.baseURL });
  await (
    await PeopleApi.login(request, 'admin', provider.adminPassword)
  ).createUser({
    username: 'operator',
    password: OPERATOR_PASSWORD,
    email: 'operator@example.com',
    permissions: [Permission.DEVICES_VIEW],
  });
  await request.dispose();
}

/** Opens both, live, on `gateway` (the wall issued with the manager's session). */
async function openFaultBrowsers(browser: Browser, gateway: GatewayProcess, session: Session): Promise<FaultBrowsers> {
  const wallPath = (
    await issueWallDisplay(gateway.baseURL, `Bearer ${session.token}`, session.environmentId, 'fault wall')
  ).path;
  const wallContext = await browser.newContext({ baseURL: gateway.baseURL });
  const wall = await wallContext.newPage();
  await wall.goto(wallPath);
  await expect(wall.getByTestId(TestId.wall.count('total'))).toContainText(String(DEVICES), { timeout: 30_000 });
  const operator = await openDevicesAs(browser, gateway.baseURL, 'operator', OPERATOR_PASSWORD);
  await expect(operator.devices.liveState).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  return { operator, wallContext, wall };
}

/** Once the changes stopped: the table's rows and the wall's counts are the upstream's, live. */
async function expectBrowsersShowUpstream(
  { operator, wall }: FaultBrowsers,
  provider: ProviderProcess,
  session: Session,
): Promise<void> {
  const upstream = await upstreamDevices(provider.apiURL, session);
  await expect(operator.devices.liveState).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(operator.devices.visibleCount).toHaveText(`${DEVICES} of ${DEVICES} devices`);
  await expect
    .poll(
      async () => {
        const shown = await operator.devices.shownDevices();
        const ids = new Set(shown.map((row) => row.id));
        const expected = shownFromUpstream(upstream).filter((row) => ids.has(row.id));
        return shown.length === 0 ? ['no rows shown'] : shownDifferences(expected, shown, ['upstream', 'page']);
      },
      { timeout: 20_000 },
    )
    .toEqual([]);
  await expectCountsShown(wall, TestId.wall.count, async () =>
    countsOf((await upstreamDevices(provider.apiURL, session)).values()),
  );
}

async function closeFaultBrowsers(browsers: FaultBrowsers | undefined): Promise<void> {
  await browsers?.operator.context.close();
  await browsers?.wallContext.close();
}

test('the gateway killed and restarted while clients stream: every client converges with nothing lost', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const provider = await startProvider(SIMULATED);
  let gateway: GatewayProcess | undefined;
  const clients: LiveFleetClient[] = [];
  let browsers: FaultBrowsers | undefined;
  try {
    await fleetReady(provider, DEVICES);
    gateway = await startGateway(provider.apiURL, { HALO_POLL_MS: String(POLL_MS) });
    await createOperator(playwright, gateway, provider);
    const session = await login(gateway.baseURL, provider.adminPassword);
    for (let index = 0; index < 5; index += 1)
      clients.push(new LiveFleetClient(gateway.baseURL, session.token, session.environmentId));
    // In browsers too: the Devices screen (the fleet worker's path) and a wall (the fleet summary).
    browsers = await openFaultBrowsers(browser, gateway, session);
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
    // The browsers came back by themselves too (the provider's restart above refused their
    // handshakes for a moment): the table's rows and the wall's counts are the upstream's.
    await expectBrowsersShowUpstream(browsers, provider, session);
  } finally {
    for (const client of clients) client.close();
    await closeFaultBrowsers(browsers);
    await gateway?.dispose();
    await provider.dispose();
  }
});

test('a client offline past the history window gets a snapshot; one back within it gets a replay', async ({
  browser,
  playwright,
}) => {
  // The history cannot be shorter than 2 minutes (HALO_DELTA_HISTORY_MS at least 120000):
  // ceil(120000 / 1000) + 16 = 136 deltas at one poll a second.
  test.setTimeout(330_000);
  const pollMs = 1000;
  const historyDeltas = Math.ceil(120_000 / pollMs) + 16;
  const provider = await startProvider({ ...SIMULATED, HALO_SIM_CHANGE_FRACTION: '0.1' });
  let gateway: GatewayProcess | undefined;
  const clients: LiveFleetClient[] = [];
  let browsers: FaultBrowsers | undefined;
  try {
    await fleetReady(provider, DEVICES);
    gateway = await startGateway(provider.apiURL, { HALO_POLL_MS: String(pollMs), HALO_DELTA_HISTORY_MS: '120000' });
    await createOperator(playwright, gateway, provider);
    const session = await login(gateway.baseURL, provider.adminPassword);
    browsers = await openFaultBrowsers(browser, gateway, session);
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

    // A long one: more deltas than the history holds went by in the same epoch. The browsers
    // go offline with it: their sockets drop (they say so) and come back past the history.
    traveller.disconnect();
    await browsers.operator.context.setOffline(true);
    await browsers.wallContext.setOffline(true);
    await expect(browsers.operator.devices.liveState).not.toHaveAttribute('data-state', 'live', { timeout: 90_000 });
    await expect(browsers.wall.getByTestId(TestId.wall.dataAge)).toBeVisible({ timeout: 90_000 });
    leftAt = traveller.seq;
    const epoch = traveller.epoch;
    await expect
      .poll(() => watcher.seq - leftAt, { timeout: 280_000, intervals: [5000] })
      .toBeGreaterThan(historyDeltas + 2);
    expect(watcher.epoch).toBe(epoch);
    traveller.connect();
    await browsers.operator.context.setOffline(false);
    await browsers.wallContext.setOffline(false);
    await expect.poll(() => traveller.acks.at(-1), { timeout: 20_000 }).toEqual({ ok: true, mode: 'snapshot' });
    await expect.poll(() => traveller.counts.snapshots, { timeout: 20_000 }).toBe(2);
    expect(traveller.epoch).toBe(epoch);

    // ...and holds what the watcher holds.
    await stopChanges(provider, [gateway]);
    await expectConverged(traveller, provider, session, DEVICES, 'the returning client');
    await expectConverged(watcher, provider, session, DEVICES, 'the watcher');
    expect(traveller.counts.gaps).toBe(0);
    await expectBrowsersShowUpstream(browsers, provider, session);
  } finally {
    for (const client of clients) client.close();
    await closeFaultBrowsers(browsers);
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
