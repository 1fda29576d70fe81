import { API, API_BASE, apiPaths, pathOf, TestId } from '@halo/shared';
import { CRITICAL_FOR_ALL, raiseTemperatureAlerts } from '../fixtures/alerts';
import { apiLogin } from '../fixtures/apiLogin';
import { issueWallDisplay } from '../fixtures/fleetCounts';
import { ShellPage } from '../fixtures/pages/ShellPage';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * Issue 39, item 2: a silence in force is seen wherever alarms are counted. With critical
 * alarms open, the root manager silences the whole environment from the Silences screen: Home's
 * counts to acknowledge fall to 0 with a banner saying what is silenced, by whom, why and until
 * when; the bell turns to a snoozed bell and says it too; the NOC wall shows it across the room
 * (1920x1080 and 3840x2160); a device's page names the silence that covers it; a silence is
 * planned ahead and listed as planned.
 */
test.use({
  stackEnv: { HALO_E2E_STACK: 'silences', HALO_SIM_DEVICES: '30', HALO_SIM_CHANGE_FRACTION: '0.1' },
});

test('a silence is seen on Home, the bell, the wall and the device page, and planned ahead on its own screen', async ({
  page,
  browser,
  stack,
  request,
  snap,
}) => {
  test.setTimeout(180_000);
  await raiseTemperatureAlerts(request, stack.adminPassword, 3, CRITICAL_FOR_ALL);
  // Before the browser logs in (one session per user): a wall display, and one device's name.
  const admin = await apiLogin(request, 'admin', stack.adminPassword);
  const display = await issueWallDisplay(stack.baseURL, admin.headers.Authorization ?? '', admin.environmentId, 'NOC');
  const alarms = await request.get(`${API_BASE}${apiPaths.alarms.list(admin.environmentId)}`, {
    headers: admin.headers,
    params: { state: 'active', page_size: 1 },
  });
  const [alarm] = ((await alarms.json()) as { alarms: { device_id: number; device_name: string }[] }).alarms;
  expect(alarm, 'an open alarm').toBeDefined();

  await loginThroughUi(page, 'admin', stack.adminPassword);
  const shell = new ShellPage(page);
  await shell.dismissOtpReminderIfShown();
  await expect(page.getByTestId(TestId.home.alarmCount(3))).not.toContainText(/^0$/, { timeout: 20_000 });
  await expect(page.getByTestId(TestId.alarms.silenceBanner)).toHaveCount(0);

  // The Silences screen: empty, then the whole environment silenced for 4 hours.
  await page.goto('/logs/alarms/silences');
  const silencesPage = page.getByTestId(TestId.alarms.silencesPage);
  await expect(silencesPage).toContainText('No silence is set.');
  await page.getByTestId(TestId.alarms.silencesNew).click();
  await page.getByTestId(TestId.alarms.silenceScope('environment')).check({ force: true });
  await page.getByTestId(TestId.alarms.silenceReason).fill('Site power work');
  await page.getByTestId(TestId.alarms.silenceDialog).getByRole('button', { name: 'Silence', exact: true }).click();
  await expect(page.getByTestId(TestId.alarms.silenceList).first()).toContainText('Site power work');
  // Planned ahead: tomorrow at 06:00 UTC, for 8 hours.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId(TestId.alarms.silenceStartsAt).fill(`${tomorrow}T06:00`);
  await page.getByTestId(TestId.alarms.silenceDuration).selectOption('8');
  await page.getByTestId(TestId.alarms.silenceReason).fill('Firmware rollout');
  await page.getByTestId(TestId.alarms.silenceDialog).getByRole('button', { name: 'Silence', exact: true }).click();
  await expect(page.getByTestId(TestId.alarms.silenceDialog)).toContainText('Firmware rollout');
  await page.getByTestId(TestId.alarms.silenceDialog).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId(TestId.alarms.silenceDialog)).toBeHidden();
  const table = silencesPage.getByTestId(TestId.alarms.silenceList);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr').filter({ hasText: 'Site power work' })).toContainText('In force');
  const planned = table.locator('tbody tr').filter({ hasText: 'Firmware rollout' });
  await expect(planned).toContainText('Planned');
  await expect(planned).toContainText(`${Number(tomorrow.slice(8, 10))} `);
  await expect(planned).toContainText('06:00:00');
  await snap('silences-screen');

  // Home: the counts to acknowledge fall to 0, and the banner says why.
  await page.goto('/');
  const banner = page.getByTestId(TestId.alarms.silenceBanner);
  await expect(banner).toContainText('Alarms are silenced', { timeout: 20_000 });
  await expect(banner).toContainText('\u2068Whole environment\u2069 until \u2066');
  await expect(banner).toContainText('set by \u2068admin\u2069: \u2068Site power work\u2069');
  await expect(page.getByTestId(TestId.alarms.silenceBannerCount)).toContainText(
    /[1-9]\d* active alarms? (is|are) silenced/,
  );
  await expect(page.getByTestId(TestId.home.alarmCount(3))).toContainText('0');
  // The bell: snoozed, and it says so when opened.
  await expect(page.getByTestId(TestId.shell.bell)).toHaveAttribute('data-silenced', 'true');
  await snap('silences-home');
  await page.getByTestId(TestId.shell.bell).click();
  await expect(page.getByTestId(TestId.notifications.list).getByTestId(TestId.alarms.silenceBanner)).toContainText(
    'Site power work',
  );
  await snap('silences-bell');
  await page.keyboard.press('Escape');

  // The Devices table says it too: quiet devices may be silenced ones.
  await page.goto('/config/devices');
  await expect(page.getByTestId(TestId.alarms.silenceBanner)).toContainText('Site power work', { timeout: 20_000 });
  await snap('silences-devices');

  // The device's page names the silence that covers it.
  await page.goto(`/config/devices/${alarm?.device_id ?? 0}`);
  await expect(page.getByTestId(TestId.alarms.silenceBanner)).toContainText('This device’s alarms are silenced');
  await expect(page.getByTestId(TestId.alarms.silenceBanner)).toContainText('Site power work');

  // The NOC wall, seen across the room at both sizes.
  for (const viewport of [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ]) {
    const wallContext = await browser.newContext({ baseURL: stack.baseURL, viewport });
    const wall = await wallContext.newPage();
    await wall.goto(display.path);
    const wallBanner = wall.getByTestId(TestId.alarms.silenceBanner);
    await expect(wallBanner).toContainText('Site power work', { timeout: 20_000 });
    const box = await wallBanner.boundingBox();
    expect(box?.width ?? 0, 'the banner spans the wall').toBeGreaterThan(viewport.width * 0.9);
    // Nothing of the wall scrolls or spills: the banner fits with everything else.
    expect(await wall.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    await snap(`silences-wall-${viewport.width}`, wall);
    await wallContext.close();
  }
});

test('he-IL and dark: the Silences screen and the banner read right to left', async ({
  page,
  stack,
  request,
  snap,
}) => {
  const admin = await apiLogin(request, 'admin', stack.adminPassword);
  // The silences of the test above may still be in force (one stack per file): one more, by API.
  const made = await request.post(`${API_BASE}${pathOf(API.silences.create, { environmentId: admin.environmentId })}`, {
    headers: admin.headers,
    data: { scope: 'environment', duration_minutes: 60, reason: 'עבודות חשמל באתר' },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.addInitScript(() => {
    window.localStorage.setItem('lang', 'he-IL');
    window.localStorage.setItem('theme', 'dark');
  });
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await new ShellPage(page).dismissOtpReminderIfShown();
  await expect(page.getByTestId(TestId.alarms.silenceBanner)).toContainText('עבודות חשמל באתר', { timeout: 20_000 });
  // The names and the time are isolated in the sentence (U+2068/U+2066 … U+2069).
  await expect(page.getByTestId(TestId.alarms.silenceBanner)).toContainText('\u2068הסביבה כולה\u2069 עד \u2066');
  await snap('silences-home-he-IL-dark');
  await page.goto('/logs/alarms/silences');
  await expect(page.getByTestId(TestId.alarms.silencesPage)).toContainText('בתוקף');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await snap('silences-screen-he-IL-dark');
});
