import { TestId } from '@halo/shared';
import { LogsScreen } from '../fixtures/pages/LogsScreen';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * Thresholds drive alerts: lowering the temperature limits in the dialog (which counts the
 * devices each severity would hold) makes temperature entries of the new severity appear in
 * the system log within seconds and, with should_alert, in Home's latest alerts.
 */
test.use({ stackEnv: { HALO_E2E_STACK: 'thresholds', HALO_SIM_DEVICES: '30', HALO_SIM_CHANGE_FRACTION: '0.1' } });

test('a lowered temperature threshold raises entries and alerts of the new severity', async ({ page, stack, snap }) => {
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.getByTestId(TestId.shell.menuItem('thresholds')).click();
  await expect(page.getByTestId(TestId.thresholds.row(1))).toContainText('Temperature');
  await snap('thresholds-list');

  await page.getByTestId(TestId.thresholds.edit(1)).click();
  const dialog = page.getByTestId(TestId.thresholds.dialog);
  await expect(dialog).toContainText('Higher readings are worse');
  // With the defaults (70/75/85) the simulated devices (35-55 °C) are all normal.
  await expect(page.getByTestId(TestId.thresholds.preview('critical'))).toHaveText(/Critical: 0$/);
  const normalBefore = Number((await page.getByTestId(TestId.thresholds.preview('normal')).innerText()).split(': ')[1]);
  expect(normalBefore).toBeGreaterThan(10);

  // Out of order: the field says what is wrong and Save waits.
  await page.getByTestId(TestId.thresholds.value('major')).fill('60');
  await expect(dialog).toContainText('Must be more than 70');
  await expect(page.getByTestId(TestId.thresholds.save)).toBeDisabled();

  for (const [level, value] of [
    ['back_to_safety', '10'],
    ['minor', '11'],
    ['major', '12'],
    ['critical', '13'],
  ] as const) {
    await page.getByTestId(TestId.thresholds.value(level)).fill(value);
  }
  // Every connected device reads above 13 °C: the preview moves them all to critical.
  await expect(page.getByTestId(TestId.thresholds.preview('critical'))).toHaveText(`Critical: ${normalBefore}`);
  await expect(page.getByTestId(TestId.thresholds.preview('normal'))).toHaveText('Normal: 0');
  await snap('thresholds-dialog');
  await page.getByTestId(TestId.thresholds.save).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(TestId.thresholds.row(1))).toContainText('13');

  // The next tick writes the transitions: temperature, critical, raised as alerts.
  const logs = new LogsScreen(page);
  await logs.open('/logs/system-log?types=1&severities=3&alerts=1', 'system');
  await expect.poll(() => logs.rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(normalBefore - 2);
  expect(new Set(await logs.column(3))).toEqual(new Set(['Threshold crossed: critical']));
  await snap('thresholds-system-log');

  await page.getByTestId(TestId.shell.menuItem('home')).click();
  const alerts = page.getByTestId(TestId.home.alerts);
  await expect(alerts).toContainText('temperature', { timeout: 15_000 });
  await expect(alerts).toContainText('critical');
  await page.mouse.move(900, 700);
  await expect(page.getByTestId(TestId.home.count('total'))).toContainText('30');
  await snap('thresholds-home-alerts');
});

test('he-IL: thresholds and their dialog read right to left', async ({ page, stack, snap }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/admin/thresholds');
  await expect(page.getByTestId(TestId.thresholds.row(1))).toContainText('טמפרטורה');
  await page.getByTestId(TestId.thresholds.edit(3)).click();
  await expect(page.getByTestId(TestId.thresholds.dialog)).toContainText('קריאה נמוכה יותר גרועה יותר');
  await snap('thresholds-dialog-he-IL');
});
