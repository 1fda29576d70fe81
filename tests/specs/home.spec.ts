import { API_BASE, apiPaths, TestId } from '@halo/shared';
import { raiseTemperatureAlerts } from '../fixtures/alerts';
import { apiLogin } from '../fixtures/apiLogin';
import { loginThroughUi } from '../fixtures/session';
import { visibleText } from '../fixtures/visibleText';
import { visualText } from '../fixtures/visualText';
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

  // A problem opens its device's page (issue 28).
  if (await home.problems.isVisible()) {
    const first = home.problems.locator('li[data-severity] a').first();
    const name = await first.innerText();
    await first.click();
    await expect(page).toHaveURL(/\/config\/devices\/\d+$/);
    await expect(page.getByTestId(TestId.devicePage.name)).toHaveText(name);
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

/** Three displays whose labels begin alike, as a NOC names its screens. */
const DISPLAY_LABELS = ['NOC wall, second floor, east side', 'NOC wall, second floor, west side', 'NOC wall, lobby'];

test('three wall displays are told apart before revoking one, and the latest alerts say which device and how bad', async ({
  page,
  request,
  home,
  stack,
  snap,
}) => {
  const admin = await apiLogin(request, 'admin', stack.adminPassword);
  for (const label of DISPLAY_LABELS) {
    const issued = await request.post(`${API_BASE}${apiPaths.wallDisplays.list(admin.environmentId)}`, {
      headers: admin.headers,
      data: { label },
    });
    expect(issued.status()).toBe(201);
  }
  await raiseTemperatureAlerts(request, stack.adminPassword);
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.mouse.move(900, 700);

  // Each display's whole label shows, with when it was issued.
  for (const label of DISPLAY_LABELS) {
    const row = home.displayRow(label);
    await expect(row).toBeVisible();
    const shown = await visibleText(row);
    expect(shown, `the row of ${label}`).toContain(label);
    expect(shown).toMatch(/Issued \d{1,2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2}:\d{2} \(UTC\)/);
  }
  await home.wallDisplays.scrollIntoViewIfNeeded();
  await snap('home-wall-displays-three', page);

  // Latest alerts: each row shows its device's whole name and its severity in words.
  const alerts = page.getByTestId(TestId.home.alerts).locator('li');
  await expect.poll(() => alerts.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  for (const row of (await alerts.all()).slice(0, 5)) {
    const description = await row.innerText();
    const device = /(sim-[a-z]+-\d+)/.exec(description)?.[1] ?? '';
    expect(device).not.toBe('');
    const shown = await visibleText(row);
    // The name before the alert's own words ('<device>: temperature ...'), whole, and how bad it is.
    const words = shown.lastIndexOf(`${device}:`);
    expect(words > 0 ? shown.slice(0, words) : shown, shown).toContain(device);
    expect(shown, shown).toMatch(/\b(Critical|Major|Minor|Normal)\b/);
  }
  // Problems first: each device's whole name too (alerts make devices problems of their own).
  const problems = home.problems.locator('li[data-severity]');
  await expect.poll(() => problems.count()).toBeGreaterThanOrEqual(3);
  for (const row of (await problems.all()).slice(0, 8)) {
    const name = (await row.locator('a').textContent()) ?? '';
    const shown = await visibleText(row);
    // Before the alert's own words, which start with the name again.
    const words = shown.indexOf(`${name}:`);
    expect(words > 0 ? shown.slice(0, words) : shown, shown).toContain(name);
  }
  await page.getByTestId(TestId.home.alerts).scrollIntoViewIfNeeded();
  await snap('home-latest-alerts');
});

test('he-IL: a wall display’s times read in their own order inside a right-to-left sentence', async ({
  page,
  request,
  home,
  stack,
  snap,
}) => {
  const admin = await apiLogin(request, 'admin', stack.adminPassword);
  const issued = await request.post(`${API_BASE}${apiPaths.wallDisplays.list(admin.environmentId)}`, {
    headers: admin.headers,
    data: { label: 'קיר NOC' },
  });
  expect(issued.status()).toBe(201);
  await page.addInitScript(() => globalThis.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  const row = home.displayRow('קיר NOC');
  await expect(row).toBeVisible();
  const times = row.locator('span', { hasText: 'UTC' });
  expect(await times.count()).toBeGreaterThan(0);
  for (const time of await times.all()) {
    // As it reads on screen, left to right: the timestamp whole and in order.
    expect(await visualText(time)).toMatch(/\d{1,2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2}:\d{2} \(UTC\)/);
  }
  await home.wallDisplays.scrollIntoViewIfNeeded();
  await snap('home-wall-displays-he-IL');
});
