import { TestId } from '@halo/shared';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/** Home against the simulator: live counts into the Devices screen, problems first, wall displays. */
const SIMULATED_DEVICES = 30;
test.use({ stackEnv: { HALO_E2E_STACK: 'devices', HALO_SIM_DEVICES: String(SIMULATED_DEVICES) } });

test('counts by status add up to the fleet, problems come first and a count opens Devices filtered', async ({
  page,
  home,
  devices,
  stack,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  // The greeting stays.
  await expect(page.getByTestId('home-overview')).toBeVisible();
  await expect(home.count('total')).toContainText(String(SIMULATED_DEVICES), { timeout: 20_000 });
  const byConnection = await Promise.all(
    ['connected', 'notConnected', 'nonActivated', 'unknown'].map((status) => home.countValue(status)),
  );
  // Live: the parts are read one by one while devices change, so allow for a move in between.
  expect(Math.abs(byConnection.reduce((sum, count) => sum + count, 0) - SIMULATED_DEVICES)).toBeLessThanOrEqual(2);
  await expect(home.problems.or(home.noProblems)).toBeVisible();
  if (await home.problems.isVisible()) {
    const kinds = await home.problems.locator('li .bp6-tag').allInnerTexts();
    const order = ['Not connected', 'Main application offline', 'Links down'];
    const ranks = kinds.map((kind) => order.indexOf(kind));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  }
  await snap('home-fleet');

  await home.count('connected').click();
  await expect(page).toHaveURL(/\/config\/devices\?status=connected$/);
  await expect(devices.statusFilter).toHaveValue('connected');
  await expect(devices.visibleCount).toContainText(`of ${SIMULATED_DEVICES} devices`);
  const statuses = await devices.columnCells('connection').allInnerTexts();
  // A device may have just changed; the filter is re-applied within a second.
  expect(statuses.filter((status) => status === 'Connected').length).toBeGreaterThanOrEqual(statuses.length - 2);
});

test('a manager issues a wall display from Home, sees its address once, and revokes it', async ({
  page,
  home,
  stack,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await expect(home.wallLink).toHaveAttribute('href', '/wall');
  await expect(home.wallDisplays).toBeVisible();
  await home.displayLabel.fill('Lobby wall');
  await home.issueDisplay.click();
  await expect(home.displayUrl).toHaveValue(/\/wall#display=.+/);
  const row = home.displayRow('Lobby wall');
  await expect(row).toBeVisible();
  await snap('home-wall-display-issued');

  await row.locator('[data-testid^="home-wall-display-revoke-"]').click();
  await expect(row).toHaveCount(0);
  await expect(home.displayUrl).toHaveCount(0);
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Wall display revoked' })).toBeVisible();
});
