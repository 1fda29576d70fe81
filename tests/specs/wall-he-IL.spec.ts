import { apiPaths, API_BASE, TestId } from '@halo/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { raiseTemperatureAlerts } from '../fixtures/alerts';
import { apiLogin } from '../fixtures/apiLogin';
import { visualText } from '../fixtures/visualText';
import { expectWholeAlertTexts } from '../fixtures/wallText';
import { expect, test } from '../fixtures/test';

/**
 * The NOC wall in a right-to-left language, on a screen nobody scrolls: its clock reads in the
 * order of 'D MMM, YYYY HH:mm:ss (UTC)', and its lists show whole rows only. A stack of its own:
 * the wall opens after the fleet raised its alerts, so its summary starts from more than fit.
 */
test.use({ stackEnv: { HALO_E2E_STACK: 'wall-he-IL', HALO_SIM_DEVICES: '40' } });

/**
 * A wall display of its own opened at 1920x1080 in `language`, after every connected device has
 * raised a critical temperature alert (more than a screen holds).
 */
async function openAlertingWall(page: Page, request: APIRequestContext, adminPassword: string, language: string) {
  await raiseTemperatureAlerts(request, adminPassword, 20);
  const admin = await apiLogin(request, 'admin', adminPassword);
  const issued = await request.post(`${API_BASE}${apiPaths.wallDisplays.list(admin.environmentId)}`, {
    headers: admin.headers,
    data: { label: `NOC wall ${language}` },
  });
  const address = new URL(((await issued.json()) as { url: string }).url);
  await page.addInitScript((lang) => globalThis.localStorage.setItem('lang', lang), language);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${address.pathname}${address.hash}`);
}

test('he-IL: the clock reads in its order, and the alerts and problems end on whole rows', async ({
  page,
  request,
  stack,
  snap,
}) => {
  await openAlertingWall(page, request, stack.adminPassword, 'he-IL');
  const alerts = page.getByTestId(TestId.wall.alerts).locator('li');
  await expect.poll(() => alerts.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(8);

  // What each alert says, in Hebrew: told from what it is, not the log's stored English (issue 39, item 14).
  const texts = page.getByTestId(TestId.wall.alerts).locator('.halo-wall__alert-text');
  const said = await texts.allTextContents();
  expect(said.length).toBeGreaterThan(0);
  for (const text of said) {
    expect.soft(text).toMatch(/[\u05d0-\u05ea]/);
    expect.soft(text).not.toMatch(/temperature|critical/i);
  }

  // 'D MMM, YYYY HH:mm:ss (UTC)' as it reads on screen, left to right, in a right-to-left page.
  const clock = page.getByTestId(TestId.wall.clock);
  await expect(clock).toHaveText(/\(UTC\)$/);
  expect.soft(await visualText(clock)).toMatch(/^\d{1,2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2}:\d{2} \(UTC\)$/);

  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
    { width: 3840, height: 2160 },
  ]) {
    await page.setViewportSize(size);
    for (const list of [TestId.wall.alerts, TestId.wall.problems]) {
      // Each row lies whole inside its panel, which cuts what does not fit.
      const cut = await page.getByTestId(list).evaluate((element) => {
        const panel = element.closest('.halo-wall__panel')?.getBoundingClientRect();
        const rows = [...element.children].map((row) => row.getBoundingClientRect());
        return {
          rows: rows.length,
          cut: rows.filter((row) => !panel || row.bottom > panel.bottom + 0.5).length,
        };
      });
      expect(cut.rows, `${list} at ${size.width}x${size.height}`).toBeGreaterThan(0);
      expect(cut.cut, `${list} at ${size.width}x${size.height}: rows past the panel's end`).toBe(0);
    }
    await expectWholeAlertTexts(page, `${size.width}x${size.height}`);
    if (size.width !== 1280) await snap(`wall-he-IL-${size.width}`);
  }
});

test('en-US: the alerts read whole on a 1080p and a 4K wall, as in he-IL (issue 39, item 11)', async ({
  page,
  request,
  stack,
  snap,
}) => {
  await openAlertingWall(page, request, stack.adminPassword, 'en-US');
  const alerts = page.getByTestId(TestId.wall.alerts).locator('li');
  // The summary a new display starts from holds the latest alerts (how many depends on the fleet's ticks).
  await expect.poll(() => alerts.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ]) {
    await page.setViewportSize(size);
    await expectWholeAlertTexts(page, `${size.width}x${size.height}`);
    await snap(`wall-en-US-${size.width}`);
  }
});
