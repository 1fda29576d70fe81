import { Permission, type DeviceLiveState } from '@halo/shared';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { login, pollingLeader, renameDevice, upstreamDevices, type Session } from '../fixtures/liveClient';
import { PeopleApi } from '../fixtures/peopleApi';
import { openDevicesAs, type OperatorBrowser } from '../fixtures/session';
import { shownDifferences, shownFromUpstream, shownKey, watchAgreement } from '../fixtures/shownDevices';
import { startSimulatedProvider, stopChanges } from '../fixtures/simulatedFleet';
import { redisScaleOutEnv, startGateway, type GatewayProcess, type ProviderProcess } from '../fixtures/stack';

/**
 * The live path as operators see it: real Chromium pages on the Devices screen against gateways
 * polling a provider whose simulator keeps changing a small fleet. Everything compared is what
 * the pages show (the live columns of every row, read through the table's test ids) and the
 * upstream's devices_state over REST, never the socket's messages. The fleet is small enough
 * that the virtualised table renders every row, which each test checks before comparing.
 */
const DEVICES = 16;
const CHANGE_FRACTION = '0.3';
const POLL_MS = '500';
const PASSWORD = 'Watch3r-Passw0rd!';
/** A second operator who may only view devices, and an API user who renames them. */
const VIEWER = 'viewer';
const API_USER = 'fleet-api';

test.describe.configure({ mode: 'serial' });

/** The viewer and the API user, created by the manager (whose API session the browser's login ends). */
async function createOperators(request: APIRequestContext, adminPassword: string) {
  const admin = await PeopleApi.login(request, 'admin', adminPassword);
  await admin.createUser({
    username: VIEWER,
    password: PASSWORD,
    email: 'viewer@example.com',
    permissions: [Permission.DEVICES_VIEW],
  });
  await admin.createUser({
    username: API_USER,
    password: PASSWORD,
    email: 'fleet-api@example.com',
    permissions: [Permission.DEVICES_VIEW, Permission.DEVICES_UPDATE_ALL],
  });
}

/** Waits until the page is live and renders every device of the fleet. */
async function expectWholeFleetShown(operator: OperatorBrowser) {
  await expect(operator.devices.liveState).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(operator.devices.visibleCount).toHaveText(`${DEVICES} of ${DEVICES} devices`);
  await expect.poll(async () => (await operator.devices.shownDevices()).length).toBe(DEVICES);
}

/** Waits until the page shows exactly the upstream's devices (every live column of every row). */
async function expectShowsUpstream(
  operator: OperatorBrowser,
  provider: ProviderProcess,
  session: Session,
  label: string,
) {
  const expected = shownFromUpstream(await upstreamDevices(provider.apiURL, session));
  expect(expected).toHaveLength(DEVICES);
  await expect
    .poll(async () => shownDifferences(expected, await operator.devices.shownDevices(), ['upstream', label]), {
      timeout: 20_000,
      message: `${label}: what the page shows against the upstream's devices_state`,
    })
    .toEqual([]);
}

/** Renames a device through `origin` and answers how long until every page showed the new name. */
async function renameSeenBy(
  operators: readonly OperatorBrowser[],
  origin: string,
  session: Session,
  device: DeviceLiveState,
  name: string,
  withinMs: number,
): Promise<number> {
  await renameDevice(origin, session, device, name);
  const renamedAt = Date.now();
  await Promise.all(
    operators.map((operator) =>
      expect(operator.devices.cell('name', device.id)).toHaveText(name, { timeout: withinMs }),
    ),
  );
  return Date.now() - renamedAt;
}

test('two browsers stay identical: two operators on one gateway see the same rows while the fleet changes and what the upstream holds once it settles', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const provider = await startSimulatedProvider(DEVICES, CHANGE_FRACTION);
  let gateway: GatewayProcess | undefined;
  const operators: OperatorBrowser[] = [];
  try {
    gateway = await startGateway(provider.apiURL, { HALO_POLL_MS: POLL_MS });
    const request = await playwright.request.newContext({ baseURL: gateway.baseURL });
    await createOperators(request, provider.adminPassword);
    await request.dispose();
    const manager = await openDevicesAs(browser, gateway.baseURL, 'admin', provider.adminPassword);
    operators.push(manager);
    const viewer = await openDevicesAs(browser, gateway.baseURL, VIEWER, PASSWORD);
    operators.push(viewer);
    for (const operator of operators) await expectWholeFleetShown(operator);

    // While the simulator changes the fleet: read both pages at the same moments; between two
    // changes they show the same rows, in the same order, with the same cells.
    const agreement = await watchAgreement(
      { manager: () => manager.devices.shownDevices(), viewer: () => viewer.devices.shownDevices() },
      8000,
    );
    test.info().annotations.push({
      type: 'agreement',
      description: `${agreement.agreedStates} fleet states shown alike of ${agreement.firstPageStates} seen, ${agreement.samples} samples`,
    });
    expect(agreement.firstPageStates, 'the fleet changed on the page while the simulator ran').toBeGreaterThanOrEqual(
      3,
    );
    expect(
      agreement.agreedStates,
      `states both pages showed alike; last difference:\n${agreement.lastDisagreement.join('\n')}`,
    ).toBeGreaterThanOrEqual(3);

    // The simulator stops: both pages end up with exactly the upstream's devices_state.
    await stopChanges(provider, [gateway]);
    const session = await login(gateway.baseURL, PASSWORD, API_USER);
    await expectShowsUpstream(manager, provider, session, 'manager');
    await expectShowsUpstream(viewer, provider, session, 'viewer');
    expect(shownKey(await viewer.devices.shownDevices())).toBe(shownKey(await manager.devices.shownDevices()));

    // Sorted and filtered the same way, the two tables list the same devices in the same
    // order: the connected ones of the upstream.
    const connected = shownFromUpstream(await upstreamDevices(provider.apiURL, session)).filter(
      (row) => row.connection === 'Connected',
    );
    expect(connected.length, 'some devices are connected').toBeGreaterThan(0);
    for (const operator of operators) {
      await operator.devices.filterBy('connected');
      await operator.devices.sortBy('links', 'desc');
      await expect(operator.devices.visibleCount).toHaveText(`${connected.length} of ${DEVICES} devices`);
      await expect.poll(async () => shownDifferences(connected, await operator.devices.shownDevices())).toEqual([]);
    }
    const [managerRows, viewerRows] = await Promise.all(operators.map((operator) => operator.devices.shownDevices()));
    expect(shownKey(viewerRows!), 'the same order on both pages').toBe(shownKey(managerRows!));
  } finally {
    for (const operator of operators) await operator.context.close();
    await gateway?.dispose();
    await provider.dispose();
  }
});

test('the live path on two gateways with Redis: a change reaches a browser on each, the leader dies, the survivor keeps streaming and the other browser recovers', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const provider = await startSimulatedProvider(DEVICES, CHANGE_FRACTION);
  const gateways: GatewayProcess[] = [];
  const operators: OperatorBrowser[] = [];
  try {
    const redis = redisScaleOutEnv({ HALO_LEADER_TTL_MS: '1500', HALO_POLL_MS: POLL_MS });
    gateways.push(await startGateway(provider.apiURL, redis), await startGateway(provider.apiURL, redis));
    const [first, second] = gateways as [GatewayProcess, GatewayProcess];
    const request = await playwright.request.newContext({ baseURL: first.baseURL });
    await createOperators(request, provider.adminPassword);
    await request.dispose();
    const onFirst = await openDevicesAs(browser, first.baseURL, 'admin', provider.adminPassword);
    operators.push(onFirst);
    const onSecond = await openDevicesAs(browser, second.baseURL, VIEWER, PASSWORD);
    operators.push(onSecond);
    for (const operator of operators) await expectWholeFleetShown(operator);

    const session = await login(second.baseURL, PASSWORD, API_USER);
    const clients = [...(await upstreamDevices(provider.apiURL, session)).values()].filter(
      (device) => !device.is_server,
    );
    expect(clients.length).toBeGreaterThanOrEqual(3);
    const [renamedFirst, renamedSecond, renamedThird] = clients as [DeviceLiveState, DeviceLiveState, DeviceLiveState];
    const timings: string[] = [];

    // A device renamed through one gateway shows on both pages within 2 s.
    timings.push(
      `both pages: ${await renameSeenBy(operators, first.baseURL, session, renamedFirst, 'renamed-on-both', 2000)} ms`,
    );

    // The gateway that polls dies without its shutdown; its lock expires and the other polls.
    const leader = await pollingLeader(gateways);
    const survivor = leader === first ? second : first;
    const [survivingPage, orphanedPage] = leader === first ? [onSecond, onFirst] : [onFirst, onSecond];
    await orphanedPage.page.evaluate(() => {
      (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
    });
    await leader.kill('SIGKILL');

    // The page on the surviving gateway keeps receiving: a rename after the failover and
    // the simulator's changes.
    timings.push(
      `surviving page after the kill: ${await renameSeenBy([survivingPage], survivor.baseURL, session, renamedSecond, 'renamed-after-failover', 10_000)} ms`,
    );
    const afterFailover = await watchAgreement({ survivor: () => survivingPage.devices.shownDevices() }, 4000);
    expect(afterFailover.firstPageStates, 'simulated changes still reach the surviving page').toBeGreaterThanOrEqual(2);
    // The page whose gateway died cannot have seen it.
    await expect(orphanedPage.devices.cell('name', renamedSecond.id)).toHaveText(renamedSecond.name);

    // The dead gateway comes back on its port: its page reconnects by itself and catches up.
    await leader.restart();
    const restartedAt = Date.now();
    await expect(orphanedPage.devices.cell('name', renamedSecond.id)).toHaveText('renamed-after-failover', {
      timeout: 20_000,
    });
    timings.push(`orphaned page caught up ${Date.now() - restartedAt} ms after the restart`);
    expect(
      await orphanedPage.page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded),
      'the page reconnected by itself, without a reload',
    ).toBe(true);
    timings.push(
      `both pages after the restart: ${await renameSeenBy(operators, leader.baseURL, session, renamedThird, 'renamed-after-restart', 2000)} ms`,
    );
    test.info().annotations.push({ type: 'timings', description: timings.join('; ') });

    // The simulator stops: both pages show exactly the upstream's devices_state.
    await stopChanges(provider, gateways);
    await expectShowsUpstream(onFirst, provider, session, 'page on the first gateway');
    await expectShowsUpstream(onSecond, provider, session, 'page on the second gateway');
  } finally {
    for (const operator of operators) await operator.context.close();
    for (const gateway of gateways) await gateway.dispose();
    await provider.dispose();
  }
});
