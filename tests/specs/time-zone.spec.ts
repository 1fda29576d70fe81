import { API, API_BASE, pathOf, TestId } from '@halo/shared';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin } from '../fixtures/apiLogin';
import { ShellPage } from '../fixtures/pages/ShellPage';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * Issue 39, item 15: a user's time zone. In a browser in Asia/Jerusalem the console shows times
 * there by default (the top bar's server clock stays UTC, as the spec writes it); a silence's
 * start typed there is stored as the UTC instant it names; chosen in Settings, UTC replaces it
 * everywhere at once and stays chosen after a reload. In he-IL and dark, a zone saved on the
 * account wins over the browser's.
 */
test.use({ stackEnv: { HALO_E2E_STACK: 'time-zone', HALO_SIM_DEVICES: '5' } });

/** In winter Israel is 2 hours ahead of UTC. */
const SHOWN_START = '2027-01-10T10:00:00.000Z';

async function silencesOf(request: APIRequestContext, password: string) {
  const admin = await apiLogin(request, 'admin', password);
  const answer = await request.get(`${API_BASE}${pathOf(API.silences.list, { environmentId: admin.environmentId })}`, {
    headers: admin.headers,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return { admin, silences: ((await answer.json()) as { silences: { reason: string; starts_at: string }[] }).silences };
}

test.describe('in a browser in Asia/Jerusalem', () => {
  test.use({ timezoneId: 'Asia/Jerusalem' });

  test('times show in the browser’s zone, a start typed there is stored right, and UTC chosen in Settings replaces it', async ({
    page,
    stack,
    request,
    snap,
  }) => {
    test.setTimeout(120_000);
    const admin = await apiLogin(request, 'admin', stack.adminPassword);
    const made = await request.post(
      `${API_BASE}${pathOf(API.silences.create, { environmentId: admin.environmentId })}`,
      {
        headers: admin.headers,
        data: { scope: 'environment', starts_at: SHOWN_START, duration_minutes: 60, reason: 'Planned by API' },
      },
    );
    expect(made.status(), await made.text()).toBe(201);

    const shell = await loginThroughUi(page, 'admin', stack.adminPassword);
    // The server clock is UTC, as section 4 writes it.
    await expect(shell.clock).toContainText('(UTC)');
    await page.goto('/logs/alarms/silences');
    const table = page.getByTestId(TestId.alarms.silenceList);
    const byApi = table.locator('tbody tr').filter({ hasText: 'Planned by API' });
    await expect(byApi).toContainText('10 Jan, 2027 12:00:00 (UTC+2)');

    // A start typed in the dialog is read in the zone named beside it.
    await page.getByTestId(TestId.alarms.silencesNew).click();
    await expect(page.getByTestId(TestId.alarms.silenceZone)).toHaveText('In \u2066Asia/Jerusalem, UTC+2\u2069');
    await page.getByTestId(TestId.alarms.silenceScope('environment')).check({ force: true });
    await page.getByTestId(TestId.alarms.silenceStartsAt).fill('2027-01-15T06:00');
    await page.getByTestId(TestId.alarms.silenceReason).fill('Night window');
    await snap('time-zone-silence-dialog');
    await page.getByTestId(TestId.alarms.silenceDialog).getByRole('button', { name: 'Silence', exact: true }).click();
    await expect(page.getByTestId(TestId.alarms.silenceDialog)).toContainText('15 Jan, 2027 06:00:00 (UTC+2)');
    await page.getByTestId(TestId.alarms.silenceDialog).getByRole('button', { name: 'Cancel' }).click();
    const typed = table.locator('tbody tr').filter({ hasText: 'Night window' });
    await expect(typed).toContainText('15 Jan, 2027 06:00:00 (UTC+2)');
    await snap('time-zone-silences-jerusalem');

    // Settings → Time zone: the browser's by default; UTC found by typing and chosen.
    await shell.openSettings();
    await page.getByTestId(TestId.settings.timeZoneNav).click();
    const zone = page.getByTestId(TestId.settings.timeZoneInput);
    await expect(zone).toHaveValue('This browser’s zone (Asia/Jerusalem)');
    await expect(page.getByTestId(TestId.settings.timeZoneExample)).toContainText('(UTC+2)');
    await snap('time-zone-settings');
    await zone.click();
    await zone.fill('utc');
    await page.getByTestId(TestId.settings.timeZoneOption('UTC')).click();
    await expect(zone).toHaveValue('UTC (UTC)');
    await page.getByTestId(TestId.settings.timeZoneSave).click();
    await expect(page.getByTestId(TestId.settings.timeZoneSave)).toBeDisabled();
    await page
      .locator('.bp6-dialog')
      .filter({ has: page.getByTestId(TestId.settings.dialog) })
      .locator('.bp6-dialog-close-button')
      .click();
    await expect(page.getByTestId(TestId.settings.dialog)).toBeHidden();
    await expect(byApi).toContainText('10 Jan, 2027 10:00:00 (UTC)');
    await expect(typed).toContainText('15 Jan, 2027 04:00:00 (UTC)');
    // Kept on the account: still UTC after a reload.
    await page.reload();
    await expect(table.locator('tbody tr').filter({ hasText: 'Night window' })).toContainText(
      '15 Jan, 2027 04:00:00 (UTC)',
    );
    await snap('time-zone-silences-utc');

    // Stored as the UTC instant 06:00 in Jerusalem names.
    const { silences } = await silencesOf(request, stack.adminPassword);
    const stored = silences.find((silence) => silence.reason === 'Night window');
    expect(stored && new Date(stored.starts_at).toISOString()).toBe('2027-01-15T04:00:00.000Z');
  });
});

test('he-IL and dark: a zone saved on the account wins over the browser’s, in Settings and on the Silences screen', async ({
  page,
  stack,
  request,
  snap,
}) => {
  const admin = await apiLogin(request, 'admin', stack.adminPassword);
  // A stack per worker, and a failed test restarts it: the silence this test reads, its own.
  const made = await request.post(`${API_BASE}${pathOf(API.silences.create, { environmentId: admin.environmentId })}`, {
    headers: admin.headers,
    data: { scope: 'environment', starts_at: SHOWN_START, duration_minutes: 60, reason: 'תחזוקה מתוכננת' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const saved = await request.put(`${API_BASE}${pathOf(API.preferences.update, {})}`, {
    headers: admin.headers,
    data: { time_zone: 'Asia/Jerusalem' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const refused = await request.put(`${API_BASE}${pathOf(API.preferences.update, {})}`, {
    headers: admin.headers,
    data: { time_zone: 'Asia/Atlantis' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ fields: { time_zone: 'validation.invalid' } });

  await page.addInitScript(() => {
    window.localStorage.setItem('lang', 'he-IL');
    window.localStorage.setItem('theme', 'dark');
  });
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/logs/alarms/silences');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const byApi = page.getByTestId(TestId.alarms.silenceList).locator('tbody tr').filter({ hasText: 'תחזוקה מתוכננת' });
  await expect(byApi).toContainText('10 Jan, 2027 12:00:00 (UTC+2)');
  await snap('time-zone-silences-he-IL-dark');
  await page.getByTestId(TestId.alarms.silencesNew).click();
  await expect(page.getByTestId(TestId.alarms.silenceZone)).toHaveText('לפי \u2066Asia/Jerusalem, UTC+2\u2069');
  await snap('time-zone-silence-dialog-he-IL-dark');
  await page.getByTestId(TestId.alarms.silenceDialog).getByRole('button', { name: 'ביטול' }).click();
  const shell = new ShellPage(page);
  await shell.openSettings();
  await page.getByTestId(TestId.settings.timeZoneNav).click();
  await expect(page.getByTestId(TestId.settings.timeZoneInput)).toHaveValue('Asia/Jerusalem (UTC+2)');
  await expect(page.getByTestId(TestId.settings.dialog)).toContainText('אזור זמן');
  await snap('time-zone-settings-he-IL-dark');
});
