import { API_BASE, apiPaths, TestId, type DeviceLiveState } from '@halo/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin } from '../fixtures/apiLogin';
import { countsOf, expectCountsShown, issueWallDisplay } from '../fixtures/fleetCounts';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * The wall and Home against a fleet of 100,000 devices: both follow the gateway's fleet summary
 * (a few hundred bytes), never the fleet itself, so they show its counts as soon as they open.
 * The fleet holds still (no simulated changes) so the counts can be checked exactly against the
 * provider's devices_state.
 */
const DEVICES = 100_000;
test.use({
  stackEnv: { HALO_E2E_STACK: 'fleet-scale', HALO_SIM_DEVICES: String(DEVICES), HALO_SIM_CHANGE_FRACTION: '0' },
});
test.setTimeout(6 * 60_000);

/** The counts of the provider's devices_state, read with the display's own session. */
async function upstreamCounts(request: APIRequestContext, token: string, environmentId: number) {
  const answer = await request.get(`${API_BASE}${apiPaths.devices.devicesState(environmentId)}`, {
    headers: { Authorization: `Bearer ${token}` },
    timeout: 120_000,
  });
  expect(answer.status()).toBe(200);
  return countsOf(((await answer.json()) as { devices_state: DeviceLiveState[] }).devices_state);
}

/** How long from now until `testId`'s number reads `expected`. */
async function msUntil(page: Page, started: number, testId: string, expected: number) {
  await expect(page.getByTestId(testId).locator('[class$="-value"]')).toHaveText(String(expected), {
    timeout: 60_000,
  });
  return Date.now() - started;
}

test('the wall and Home show a 100,000-device fleet’s counts as soon as they open', async ({
  page,
  request,
  stack,
  snap,
}) => {
  const admin = await apiLogin(request, 'admin', stack.adminPassword);
  const wall = await issueWallDisplay(
    stack.baseURL,
    admin.headers.Authorization!,
    admin.environmentId,
    'NOC wall, 100,000 devices',
  );
  const token = wall.token;

  // The simulator creates the fleet after the provider starts.
  let expected = await upstreamCounts(request, token, admin.environmentId);
  for (let tries = 0; expected.total < DEVICES && tries < 60; tries += 1) {
    await page.waitForTimeout(3000);
    expected = await upstreamCounts(request, token, admin.environmentId);
  }
  expect(expected.total).toBe(DEVICES);

  // A person opens Home first: the gateway starts following the environment (its first full poll
  // of 100,000 devices), as it does whenever the first screen of an environment opens.
  const person = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1600, height: 1000 } });
  await loginThroughUi(person, 'admin', stack.adminPassword);
  await person.goto('/config/users');
  let started = Date.now();
  await person.getByTestId(TestId.shell.menuItem('home')).click();
  const coldMs = await msUntil(person, started, TestId.home.count('total'), DEVICES);

  // The wall, opened on its display address while the gateway follows the environment, as in a NOC.
  await page.setViewportSize({ width: 1920, height: 1080 });
  started = Date.now();
  await page.goto(wall.path);
  const wallMs = await msUntil(page, started, TestId.wall.count('total'), DEVICES);
  await expectCountsShown(page, TestId.wall.count, () => upstreamCounts(request, token, admin.environmentId));
  await snap('fleet-scale-wall');

  // Home again, opened from another screen.
  await person.goto('/config/users');
  started = Date.now();
  await person.getByTestId(TestId.shell.menuItem('home')).click();
  const homeMs = await msUntil(person, started, TestId.home.count('total'), DEVICES);
  await expectCountsShown(person, TestId.home.count, () => upstreamCounts(request, token, admin.environmentId));
  await person.mouse.move(900, 600);
  await person.waitForTimeout(800); // the menu's fold-away animation, for the screenshot only
  await snap('fleet-scale-home', person);

  // How fast is the benchmark's to judge (bench:table prints it against the 2 s target); this
  // says it for the record.
  console.log(
    `[fleet-scale] counts shown: Home ${coldMs} ms (the gateway's first poll), then wall ${wallMs} ms and Home ${homeMs} ms after opening`,
  );
  await person.close();
});
