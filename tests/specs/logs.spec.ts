import { formatServerClock, TestId } from '@halo/shared';
import { request as playwrightRequest } from '@playwright/test';
import { PeopleApi } from '../fixtures/peopleApi';
import { LogsScreen } from '../fixtures/pages/LogsScreen';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * The three logs against the simulator: filters in the address (a link or the back button
 * restores the view), the system log's live tail, paging, the device log, and CSV exports
 * that hold exactly what the filters select, formula-looking cells neutralised.
 */
test.use({
  stackEnv: {
    HALO_E2E_STACK: 'logs',
    HALO_SIM_DEVICES: '40',
    HALO_SIM_CHANGE_FRACTION: '0.2',
    HALO_SIM_SATCOM_CHANCE: '0.05',
  },
});

test('the audit log shows who changed what with old and new values, filters in the address, and exports them', async ({
  page,
  stack,
  snap,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: stack.baseURL });
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  const id = await admin.createGroup('night-shift');
  await admin.renameGroup(id, 'day-shift');
  // A name a spreadsheet would read as a formula.
  await admin.createGroup('-calc');
  await request.dispose();

  await loginThroughUi(page, 'admin', stack.adminPassword);
  const logs = new LogsScreen(page);
  await logs.open('/logs/audit-log', 'audit');
  await logs.choose('resources', ['group']);
  await expect(page).toHaveURL(/resources=group/);
  await expect(logs.rows).toHaveCount(3);
  const renamed = page.getByTestId(TestId.logs.changes(Math.max(...(await logs.rowIds())) - 1));
  await expect(renamed).toContainText('name');
  await expect(renamed.locator('del')).toHaveText('night-shift');
  await expect(renamed.locator('ins')).toHaveText('day-shift');
  await snap('logs-audit');

  await logs.search('shift');
  await expect(page).toHaveURL(/q=shift/);
  await expect(logs.rows).toHaveCount(2);
  // Back restores the view without the text.
  await page.goBack();
  await expect(logs.rows).toHaveCount(3);
  await expect(logs.text).toHaveValue('');

  const shown = await logs.rowIds();
  const exported = await logs.exportCsv();
  expect(exported.fileName).toMatch(/^audit-log-.*\.csv$/);
  expect(exported.rows[0]).toEqual([
    'id',
    'time',
    'user',
    'resource',
    'resource_label',
    'action',
    'action_label',
    'name',
    'detail',
    'changes',
  ]);
  expect(exported.rows.slice(1).map((row) => Number(row[0]))).toEqual(shown);
  expect(exported.rows.map((row) => row[7])).toContain("'-calc");
  expect(exported.rows.find((row) => row[5] === 'update')?.slice(3, 7)).toEqual(['group', 'Group', 'update', 'Update']);
  expect(exported.rows.find((row) => row[5] === 'update')?.[9]).toBe('name: night-shift → day-shift');
});

test('the system log follows the live stream, holds it back while scrolled away, and exports its filter', async ({
  page,
  stack,
  snap,
}) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  const logs = new LogsScreen(page);
  await logs.open('/logs/system-log', 'system');
  await expect(logs.rows.first()).toBeVisible({ timeout: 20_000 });
  await expect(logs.histogram.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(logs.live).toHaveAttribute('data-state', 'live');
  // New entries arrive at the top without a reload.
  const first = (await logs.rowIds())[0] ?? 0;
  await expect.poll(async () => (await logs.rowIds())[0] ?? 0, { timeout: 15_000 }).toBeGreaterThan(first);
  await snap('logs-system');

  // Paused: new entries wait and say how many.
  await logs.live.click();
  await expect(logs.live).toHaveAttribute('data-state', 'paused');
  const held = (await logs.rowIds())[0] ?? 0;
  await expect(logs.newEntries).toBeVisible({ timeout: 15_000 });
  expect((await logs.rowIds())[0]).toBe(held);
  await logs.newEntries.click();
  await expect(logs.live).toHaveAttribute('data-state', 'live');
  expect((await logs.rowIds())[0] ?? 0).toBeGreaterThan(held);

  // Filters in the address; the export holds what the filter selects.
  await logs.choose('severities', [2]);
  await expect(page).toHaveURL(/severities=2/);
  await expect.poll(async () => [...new Set(await logs.column(5))], { timeout: 15_000 }).toEqual(['Major']);
  await logs.live.click();
  const shown = await logs.rowIds();
  const exported = await logs.exportCsv();
  const ids = exported.rows.slice(1).map((row) => Number(row[0]));
  expect(exported.rows[0]?.slice(9, 11)).toEqual(['severity', 'severity_label']);
  expect(exported.rows.slice(1).every((row) => row[9] === '2' && row[10] === 'Major')).toBe(true);
  // Everything shown is in the file (the file may also have what arrived since).
  expect(shown.every((id) => ids.includes(id))).toBe(true);
  expect(ids.filter((id) => id <= Math.max(...shown)).length).toBeGreaterThanOrEqual(shown.length);

  // The device name applies as it is typed, like the filters beside it: no Enter.
  await logs.device.fill('sim-dcx');
  await expect(page).toHaveURL(/device=sim-dcx/);
  await expect
    .poll(async () => [...new Set((await logs.column(1)).map((name) => name.startsWith('sim-dcx')))], {
      timeout: 15_000,
    })
    .toEqual([true]);
});

test('a custom range of days is sent as the spec writes a date list and answered', async ({ page, stack, snap }) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  const logs = new LogsScreen(page);
  await logs.open('/logs/audit-log', 'audit');
  // Today on the server's clock: the start-up's own entries are in it.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByTestId(TestId.logs.range('custom')).click();
  await page.getByTestId(TestId.logs.customFrom).fill(today);
  await page.getByTestId(TestId.logs.customTo).fill(today);
  const answered = page.waitForResponse((response) => response.url().includes('/user_audits?'));
  await page.getByTestId(TestId.logs.customApply).click();
  const response = await answered;
  // Section 5: "A date list is sent as one date, or as 'first,last'": one day is 'day,day'.
  expect(new URL(response.url()).searchParams.get('start_date')).toBe(`${today},${today}`);
  expect(response.status()).toBe(200);
  await expect(logs.rows.first()).toBeVisible();
  // Written by the product's one date formatter, like the clock.
  await expect(page.getByTestId(TestId.logs.customApplied)).toHaveText(
    `${formatServerClock(Date.parse(`${today}T00:00:00Z`))} – ${formatServerClock(Date.parse(`${today}T23:59:59Z`))}`,
  );
  await snap('logs-audit-custom-days');
});

test('a device log opens from its row, oldest first', async ({ page, stack, devices, snap }) => {
  // The simulator has written a few entries by now.
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await devices.open();
  const firstName = devices.columnCells('name').first();
  await firstName.waitFor();
  const deviceId = Number((await firstName.getAttribute('data-testid'))?.replace('devices-cell-name-', ''));
  await page.getByTestId(TestId.crud.rowAction('devices', 'log', deviceId)).click();
  const dialog = page.getByTestId(TestId.logs.deviceLog);
  await expect(dialog).toBeVisible();
  const logs = new LogsScreen(page);
  await expect(logs.rows.first().or(logs.empty)).toBeVisible();
  // The simulator writes entries in time order, so ids ascend with log_time.
  const ids = await logs.rowIds();
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  await snap('logs-device');
});

test('the messaging log filters by network and exports the same rows', async ({ page, stack, snap }) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  const logs = new LogsScreen(page);
  await expect
    .poll(
      async () => {
        await logs.open('/logs/messaging-log?networks=Iridium', 'messaging');
        await logs.rows.first().or(logs.empty).waitFor();
        return logs.rows.count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  expect(new Set(await logs.column(4))).toEqual(new Set(['Iridium']));
  await snap('logs-messaging');
  const shown = await logs.rowIds();
  const exported = await logs.exportCsv();
  expect(exported.fileName).toMatch(/^messaging-log-.*\.csv$/);
  expect(exported.rows.slice(1).every((row) => row[6] === 'Iridium')).toBe(true);
  expect(shown.every((id) => exported.rows.some((row) => Number(row[0]) === id))).toBe(true);
});

test('he-IL: the logs read right to left in Hebrew', async ({ page, stack, snap }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  const logs = new LogsScreen(page);
  await logs.open('/logs/system-log', 'system');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId(TestId.logs.range('24h'))).toHaveText('24 השעות האחרונות');
  await expect(logs.rows.first()).toBeVisible({ timeout: 20_000 });
  // Events, attributes and severities by their Hebrew names from the catalogue, never a raw code.
  const events = await logs.column(3);
  expect(events.length).toBeGreaterThan(0);
  for (const text of [...events, ...(await logs.column(2)), ...(await logs.column(5))])
    expect(text).not.toMatch(/[a-z]_[a-z]/);
  expect(events.some((text) => /[\u0590-\u05FF]/.test(text))).toBe(true);
  await snap('logs-system-he-IL');
  const systemExport = await logs.exportCsv();
  const header = systemExport.rows[0] ?? [];
  const labelOf = (row: string[], column: string) => row[header.indexOf(column)] ?? '';
  expect(systemExport.rows.slice(1).every((row) => /[\u0590-\u05FF]/.test(labelOf(row, 'severity_label')))).toBe(true);
  expect(systemExport.rows.slice(1).every((row) => /[\u0590-\u05FF]/.test(labelOf(row, 'event_type_label')))).toBe(
    true,
  );
  await logs.open('/logs/audit-log', 'audit');
  await expect(logs.exportButton).toHaveText('ייצוא CSV');
  // The product's own audit words in Hebrew: the login that opened this page, the start-up's entry.
  await expect(logs.rows.filter({ hasText: 'התחברות' }).first()).toBeVisible();
  await expect(logs.rows.filter({ hasText: 'נוצרה בהפעלה הראשונה' })).toHaveCount(1);
  await expect(logs.rows.filter({ hasText: /login|created on first start|simulated/ })).toHaveCount(0);
  await snap('logs-audit-he-IL');
  await logs.open('/logs/messaging-log', 'messaging');
  await snap('logs-messaging-he-IL');
});
