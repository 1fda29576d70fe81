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
    // Worst first: critical before major before minor; each says what is wrong.
    const severities = await home.problems
      .locator('li[data-severity]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-severity') ?? ''));
    const rank = ['critical', 'major', 'minor'];
    expect(severities.map((severity) => rank.indexOf(severity))).toEqual(
      severities.map((severity) => rank.indexOf(severity)).sort((a, b) => a - b),
    );
    expect(severities).not.toContain('');
    // Only real problems: far fewer than the fleet (some links down alone is not one).
    expect(severities.length).toBeLessThan(SIMULATED_DEVICES / 2);
  }
  await snap('home-fleet');

  // A problem opens its device in Devices, found by name.
  if (await home.problems.isVisible()) {
    const first = home.problems.locator('li[data-severity] a').first();
    const name = await first.innerText();
    await first.click();
    await expect(page).toHaveURL(/\/config\/devices$/);
    await expect(devices.searchBox).toHaveValue(name);
    await expect(devices.nameCell(name)).toBeVisible();
    await page.goBack();
  }

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
  // Revoking asks first: cancel keeps the display, confirm disconnects it.
  const confirm = page.getByTestId(TestId.home.wallDisplayRevokeConfirm);
  await expect(confirm).toContainText('Disconnect the wall display Lobby wall?');
  await snap('home-wall-display-revoke-confirm');
  await page.locator('.bp6-alert').filter({ has: confirm }).getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.locator('[data-testid^="home-wall-display-revoke-"]').click();
  await page.locator('.bp6-alert').filter({ has: confirm }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  await expect(home.displayUrl).toHaveCount(0);
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Wall display revoked' })).toBeVisible();
});
