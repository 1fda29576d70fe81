import { API, API_BASE, apiPaths, decodeHistory, LOCALE_STORAGE_KEY, pathOf, Permission, TestId } from '@halo/shared';
import { request as playwrightRequest } from '@playwright/test';
import { apiLogin } from '../fixtures/apiLogin';
import { heatPixels, recordOutboundRequests, redHeatAroundCentre } from '../fixtures/heatMap';
import { ShellPage } from '../fixtures/pages/ShellPage';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * HeatSight against the simulator: the root manager (both features from the first start) sees
 * heat over the live fleet on the offline world map for each metric, in the history with its
 * playback, in the dark theme and in he-IL, and no request leaves the machine. Without the
 * feature the menu item is disabled and the screen and the samples call refuse; the feature
 * is granted from the Environments dialog; a satellite message's position opens the map there.
 */
test.use({
  stackEnv: {
    HALO_E2E_STACK: 'heatsight',
    HALO_SIM_DEVICES: '300',
    HALO_SIM_CHANGE_FRACTION: '0.2',
    HALO_SIM_SATCOM_CHANCE: '0.05',
  },
});
test.setTimeout(240_000);

const PASSWORD = 'Str0ng-Pass!';

test('the root manager sees heat over the fleet for each metric, live and in history, with nothing fetched from outside', async ({
  page,
  snap,
  stack,
}) => {
  const outbound = await recordOutboundRequests(page);
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.getByTestId(TestId.shell.menuItem('heatSight')).click();
  // Off the side rail, which widens under the pointer.
  await page.mouse.move(900, 600);
  const map = page.getByTestId(TestId.heatSight.map);
  await expect(map).toBeVisible();
  const status = page.getByTestId(TestId.heatSight.status);
  await expect(status).toHaveText(/^[1-9]\d* devices on the map, live$/, { timeout: 60_000 });
  const overlays = [page.getByTestId(TestId.heatSight.legend), page.locator('.bp6-toast-container')];
  for (const metric of ['poorLinks', 'noConnection', 'density'] as const) {
    await page.getByTestId(TestId.heatSight.metric).selectOption(metric);
    await expect.poll(() => heatPixels(map, overlays), { timeout: 60_000, message: metric }).toBeGreaterThan(300);
    await snap(`heatsight-live-${metric}`);
  }
  // The signal is only in the history: the map switches to it, with the window and the playback.
  await page.getByTestId(TestId.heatSight.metric).selectOption('signal');
  await expect(page.getByTestId(TestId.heatSight.mode('live'))).toBeDisabled();
  await expect(page.getByTestId(TestId.heatSight.window)).toBeVisible();
  await expect(status).toHaveText(/^[1-9][\d,]* samples?$/, { timeout: 60_000 });
  await expect.poll(() => heatPixels(map, overlays), { timeout: 60_000 }).toBeGreaterThan(300);
  await snap('heatsight-history-signal');
  await page.getByTestId(TestId.heatSight.play).click();
  await expect(page.locator('.heatsight-playhead')).toContainText('Showing', { timeout: 10_000 });
  // Written by the product's one date formatter, like the clock and the logs (the browser's own format before).
  const stamp = String.raw`\u2066\d{1,2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2}:\d{2} \(UTC\)\u2069`;
  await expect(page.locator('.heatsight-playhead')).toHaveText(new RegExp(`^Showing ${stamp} – ${stamp}$`));
  await page.getByTestId(TestId.heatSight.play).click();

  // Dark theme: the same heat on a dark world.
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByTestId(TestId.heatSight.metric).selectOption('poorLinks');
  await expect(status).toHaveText(/devices on the map/, { timeout: 60_000 });
  await expect.poll(() => heatPixels(map, overlays), { timeout: 60_000 }).toBeGreaterThan(300);
  await snap('heatsight-dark');
  expect(outbound).toEqual([]);
});

test('he-IL reads right to left around a map that keeps its geography', async ({ page, snap, stack }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'he-IL'), LOCALE_STORAGE_KEY);
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/services/heatsight');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId(TestId.heatSight.status)).toContainText('התקנים על המפה', { timeout: 60_000 });
  const legend = await page.getByTestId(TestId.heatSight.legend).boundingBox();
  const map = await page.getByTestId(TestId.heatSight.map).boundingBox();
  // The legend sits at the start of the line: the right in Hebrew.
  expect((legend?.x ?? 0) + (legend?.width ?? 0)).toBeGreaterThan((map?.x ?? 0) + (map?.width ?? 0) - 40);
  await expect
    .poll(() => heatPixels(page.getByTestId(TestId.heatSight.map), [page.getByTestId(TestId.heatSight.legend)]), {
      timeout: 60_000,
    })
    .toBeGreaterThan(300);
  await snap('heatsight-he-IL');
});

test('without the feature the menu item, the screen and the samples call refuse; the dialog grants it', async ({
  page,
  stack,
  snap,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: stack.baseURL });
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  const branchId = await admin.createEnvironment({
    environment_name: 'hs-branch',
    username: 'hs_branch_admin',
    password: PASSWORD,
    email: 'hs-branch@example.test',
  });
  // One session per user: each check of the call logs in afresh (and ends the browser's session).
  const samplesOf = async (environmentId: number) => {
    const branch = await apiLogin(request, 'hs_branch_admin', PASSWORD, 'hs-branch');
    return request.get(`${API_BASE}${pathOf(API.heatSight.samples, { environmentId })}`, { headers: branch.headers });
  };
  expect((await samplesOf(branchId)).status()).toBe(403);
  // Another tenant's id is not found, whatever the features.
  expect((await samplesOf(admin.environmentId)).status()).toBe(404);

  await loginThroughUi(page, 'hs_branch_admin', PASSWORD, 'hs-branch');
  await expect(page.getByTestId(TestId.shell.menuItem('heatSight'))).toHaveClass(/bp6-disabled/);
  await page.goto('/services/heatsight');
  await expect(page.getByTestId(TestId.shell.notPermitted)).toBeVisible();

  // Root's manager grants HeatSight for the branch's own environment in the dialog.
  const adminPage = await page.context().browser()!.newPage();
  await loginThroughUi(adminPage, 'admin', stack.adminPassword);
  await adminPage.goto('/config/environments');
  await adminPage
    .getByRole('row', { name: /hs-branch/ })
    .getByRole('button', { name: /edit/i })
    .click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('HeatSight').selectOption('own');
  await snap('heatsight-environment-dialog', adminPage);
  await dialog.getByRole('button', { name: /save/i }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByRole('row', { name: /hs-branch/ })).toContainText('This environment');
  await adminPage.close();

  // A session carries its environment's features from its login: the branch manager logs in again.
  await new ShellPage(page).logout();
  await loginThroughUi(page, 'hs_branch_admin', PASSWORD, 'hs-branch');
  await expect(page.getByTestId(TestId.shell.menuItem('heatSight'))).not.toHaveClass(/bp6-disabled/);
  await page.getByTestId(TestId.shell.menuItem('heatSight')).click();
  await expect(page.getByTestId(TestId.heatSight.screen)).toBeVisible();
  // Feature 1 only: no scope choice of environments below.
  await expect(page.getByTestId(TestId.heatSight.scope)).toHaveCount(0);
  await expect(page.getByTestId(TestId.heatSight.empty)).toBeVisible({ timeout: 60_000 });
  const answer = await samplesOf(branchId);
  expect(answer.status()).toBe(200);
  expect(decodeHistory(new Uint8Array(await answer.body())).rows).toBe(0);
  await request.dispose();
});

test('centred on the antimeridian, the world goes on across it with the heat of both sides', async ({
  page,
  snap,
  stack,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/services/heatsight?lon=180&lat=20&zoom=1');
  await page.mouse.move(900, 600);
  const map = page.getByTestId(TestId.heatSight.map);
  await expect(page.getByTestId(TestId.heatSight.status)).toHaveText(/devices on the map, live/, { timeout: 60_000 });
  await page.getByTestId(TestId.heatSight.metric).selectOption('density');
  const overlays = [page.getByTestId(TestId.heatSight.legend), page.locator('.bp6-toast-container')];
  // West of the antimeridian Europe and the Middle East; east of it the Americas (New York's
  // devices): a heat map that sums only the longitudes as written would leave the east bare.
  await expect.poll(() => heatPixels(map, overlays, [0, 0.45]), { timeout: 30_000 }).toBeGreaterThan(300);
  await expect.poll(() => heatPixels(map, overlays, [0.55, 0.9]), { timeout: 30_000 }).toBeGreaterThan(300);
  await snap('heatsight-antimeridian');
});

test('a satellite message’s position opens HeatSight centred on it', async ({ page, stack }) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/logs/messaging-log');
  const link = page.getByTestId(TestId.heatSight.showOnMap).first();
  await expect(link).toBeVisible({ timeout: 90_000 });
  await link.click();
  await expect(page).toHaveURL(/\/services\/heatsight\?lon=-?\d+\.\d+&lat=-?\d+\.\d+&zoom=13/);
  await expect(page.getByTestId(TestId.heatSight.map)).toBeVisible();
});

test('zoomed in on a device that lost its connection, HeatSight shows it as a point in red heat with its tooltip, and a click opens its page', async ({
  page,
  request,
  snap,
  stack,
}) => {
  // The fleet goes on changing: a disconnected device may reconnect and drive away while the map
  // opens. A watcher of its own reads the fleet (one session per user: the browser's admin
  // session would end the API's), and a target that changed is replaced by another; the test
  // fails when a target that stayed where it was, disconnected, never shows its tooltip.
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  const watcherName = `hs_watcher_${Date.now()}`;
  await admin.createUser({
    username: watcherName,
    password: PASSWORD,
    email: `${watcherName}@example.test`,
    permissions: [Permission.DEVICES_VIEW],
  });
  const watcher = await apiLogin(request, watcherName, PASSWORD);
  const fleet = async () => {
    const answer = await request.get(`${API_BASE}${apiPaths.devices.devicesState(watcher.environmentId)}`, {
      headers: watcher.headers,
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { devices_state: DeviceStateRow[] }).devices_state;
  };
  const disconnectedWithPosition = (device: DeviceStateRow) =>
    device.availability === 0 && Array.isArray(device.location?.coordinate);
  const unchanged = async (target: DeviceStateRow) => {
    const now = (await fleet()).find((device) => device.name === target.name);
    return (
      now !== undefined &&
      disconnectedWithPosition(now) &&
      JSON.stringify(now.location?.coordinate) === JSON.stringify(target.location?.coordinate)
    );
  };

  await loginThroughUi(page, 'admin', stack.adminPassword);
  const map = page.getByTestId(TestId.heatSight.map);
  const tooltip = page.getByTestId(TestId.heatSight.tooltip);
  const tried = new Set<string>();
  let target: DeviceStateRow | undefined;
  let box = { x: 0, y: 0, width: 0, height: 0 };
  for (let attempt = 0; attempt < 4 && target === undefined; attempt += 1) {
    const candidate = (await fleet()).find((device) => disconnectedWithPosition(device) && !tried.has(device.name));
    expect(candidate, 'a device without a connection, with a position').toBeDefined();
    tried.add(candidate!.name);
    const [longitude, latitude] = candidate!.location!.coordinate!;
    await page.goto(`/services/heatsight?lon=${longitude}&lat=${latitude}&zoom=12`);
    await expect(map).toBeVisible();
    await expect(page.getByTestId(TestId.heatSight.status)).toHaveText(/devices on the map, live/, {
      timeout: 60_000,
    });
    // The device sits at the map's centre.
    box = (await map.boundingBox())!;
    const shown = await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2);
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          return (await tooltip.count()) > 0 && (await tooltip.isVisible()) ? await tooltip.textContent() : '';
        },
        { timeout: 15_000, intervals: [1000] },
      )
      .toContain(candidate!.name)
      .then(
        () => true,
        async (error: unknown) => {
          // Still disconnected where it was: HeatSight failed to show it.
          if (await unchanged(candidate!)) throw error;
          return false;
        },
      );
    if (shown && (await unchanged(candidate!))) target = candidate;
  }
  expect(target, `a disconnected device that kept still long enough (tried ${[...tried].join(', ')})`).toBeDefined();
  await expect(tooltip).toContainText('Not connected');
  await snap('heatsight-device-tooltip');
  // All its links down: the poor-links heat around it is the scale's red end.
  await page.mouse.move(box.x + 5, box.y + 5);
  await expect.poll(() => redHeatAroundCentre(map), { timeout: 10_000 }).toBeGreaterThan(40);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // Its own page opens.
  await expect(page).toHaveURL(/\/config\/devices\/\d+$/);
  await expect(page.getByTestId(TestId.devicePage.name)).toHaveText(target!.name, { timeout: 30_000 });
});

/** A devices_state entry, as much of it as this needs. */
interface DeviceStateRow {
  readonly name: string;
  readonly availability: number;
  readonly location?: { readonly coordinate?: readonly [number, number] } | null;
}
