import { readFile } from 'node:fs/promises';
import { parseCsv, TestId } from '@halo/shared';
import { request as playwrightRequest } from '@playwright/test';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * Usage monitoring against the simulator (usage written every 2 ticks): connected hours per
 * environment as a chart and a table, one environment's days and top devices, CSV exports,
 * and the charts right to left in he-IL.
 */
test.use({
  stackEnv: { HALO_E2E_STACK: 'usage', HALO_SIM_DEVICES: '30', HALO_SIM_USAGE_FLUSH_TICKS: '2' },
});

test('connected hours per environment, one environment in detail, and both as CSV', async ({ page, stack, snap }) => {
  const request = await playwrightRequest.newContext({ baseURL: stack.baseURL });
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createEnvironment({
    environment_name: 'usage-branch',
    username: 'branch_admin',
    password: 'Str0ng-Pass!',
    email: 'branch@example.test',
  });
  await request.dispose();
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.getByTestId(TestId.shell.menuItem('usageMonitoring')).click();
  await page.mouse.move(900, 600);
  // A click made while the rail widens leaves it unscrolled, its icons in sight.
  const rail = page.getByTestId(TestId.shell.drawer).locator('.side-drawer-panel');
  await expect.poll(() => rail.evaluate((panel) => panel.scrollLeft)).toBe(0);
  const chart = page.getByTestId(TestId.usage.chart);
  // One bar per environment, named on the axis (recharts draws tick labels in their own layer).
  const axisLabels = chart.locator('.recharts-cartesian-axis-tick-value');
  await expect(axisLabels.filter({ hasText: /^root$/ })).toHaveCount(1);
  await expect(axisLabels.filter({ hasText: /^usage-branch$/ })).toHaveCount(1);
  const rows = page.locator('[data-testid^="usage-row-"]');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'usage-branch' })).toContainText('0 h');
  // Hours by the spec's rule: under one hour, one decimal.
  await expect(rows.filter({ hasText: 'root' })).toContainText(/\d(\.\d)? h/);
  await page.getByTestId(TestId.usage.period('current_year')).click();
  await expect(chart).toContainText('Connected hours this year');
  await snap('usage-environments');

  const downloading = page.waitForEvent('download');
  await page.getByTestId(TestId.usage.export).click();
  const file = parseCsv(await readFile(await (await downloading).path(), 'utf8'));
  expect(file[0]?.slice(0, 4)).toEqual([
    'environment_id',
    'environment_name',
    'current_day_seconds',
    'current_day_hours',
  ]);
  expect(
    file
      .slice(1)
      .map((row) => row[1])
      .sort(),
  ).toEqual(['root', 'usage-branch']);

  await rows.filter({ hasText: 'root' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/usage-monitoring\/\d+$/);
  // A line over the window's days, flat while the fleet has only minutes of usage.
  await expect(page.getByTestId(TestId.usage.daily).locator('.recharts-line-curve')).toBeAttached();
  await expect(page.locator('[data-testid^="usage-top-device-"]')).toHaveCount(10);
  // The line never goes below the axis's 0: every point of its path, bezier handles included,
  // is at or above the 0 tick (a curve that overshoots drew hours below 0 beside a day without any).
  const daily = page.getByTestId(TestId.usage.daily);
  const { lowestPathY, zeroY, lowestTick } = await daily.evaluate((chart) => {
    const path = chart.querySelector('.recharts-line-curve')!.getAttribute('d') ?? '';
    const numbers = (path.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);
    const ys = numbers.filter((_, index) => index % 2 === 1);
    // recharts draws tick labels in a layer of their own, one text per tick at the tick's y.
    const ticks = [...chart.querySelectorAll('.recharts-yAxis-tick-labels text')].map((text) => ({
      value: Number(text.textContent),
      y: Number(text.getAttribute('y')),
    }));
    return {
      lowestPathY: Math.max(...ys),
      zeroY: ticks.find((tick) => tick.value === 0)?.y ?? Number.NaN,
      lowestTick: Math.min(...ticks.map((tick) => tick.value)),
    };
  });
  expect(lowestTick).toBe(0);
  expect(lowestPathY).toBeLessThanOrEqual(zeroY + 0.01);
  await snap('usage-environment-detail');
  const detailDownload = page.waitForEvent('download');
  await page.getByTestId(TestId.usage.export).click();
  const detail = parseCsv(await readFile(await (await detailDownload).path(), 'utf8'));
  expect(detail[0]).toEqual(['date', 'seconds', 'hours']);
  expect(detail.filter((row) => row[0] === 'device_id')).toHaveLength(1);
  await page.getByTestId(TestId.usage.back).click();
  await expect(rows).toHaveCount(2);
});

test('he-IL: the usage charts read right to left', async ({ page, stack, snap }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/admin/usage-monitoring');
  await expect(page.getByTestId(TestId.usage.chart)).toContainText('שעות חיבור השבוע');
  await snap('usage-environments-he-IL');
});
