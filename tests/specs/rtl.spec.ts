import { TestId } from '@halo/shared';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

test('he-IL renders right to left', async ({ page, loginPage, stack, shell, snap }) => {
  await page.addInitScript(() => globalThis.localStorage.setItem('lang', 'he-IL'));
  await loginPage.goto();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he-IL');
  await snap('login-he-IL');
  await loginPage.login('admin', stack.adminPassword);
  await expect(shell.topBar).toBeVisible();
  await shell.dismissOtpReminderIfShown();
  // The drawer sits on the right in a right-to-left layout.
  const drawer = await page.getByTestId(TestId.shell.drawer).boundingBox();
  const viewport = page.viewportSize();
  expect(drawer && viewport && drawer.x + drawer.width / 2 > viewport.width / 2).toBe(true);
  await snap('home-he-IL');
});

test('he-IL: a button keeps the gap between its icon and its text', async ({ page, stack, snap }) => {
  await page.addInitScript(() => globalThis.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/logs/audit-log');
  const exportButton = page.getByTestId(TestId.logs.export);
  await expect(exportButton).toHaveText('ייצוא CSV');
  // Right to left the icon is on the right of its text: the space between them, in pixels.
  const gap = await exportButton.evaluate((button) => {
    const icon = button.querySelector('.bp6-icon')!.getBoundingClientRect();
    const text = button.querySelector('.bp6-button-text')!.getBoundingClientRect();
    return icon.left - text.right;
  });
  expect(gap).toBeGreaterThanOrEqual(6);
  // Table cells start on the right, under their headings (Blueprint aligns them left).
  const heading = page.locator(`[data-testid="${TestId.logs.rows}"] th`).first();
  const cell = page.locator(`[data-testid="${TestId.logs.rows}"] tbody td`).first();
  for (const box of [heading, cell]) await expect(box).toHaveCSS('text-align', 'right');
  await snap('rtl-button-gap-he-IL', page);
});

test('he-IL: a temperature unit reads °C, not C°', async ({ page, stack, snap }) => {
  await page.addInitScript(() => globalThis.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/admin/thresholds');
  const unit = page.getByTestId(TestId.thresholds.unit(1));
  await expect(unit).toContainText('°C');
  // Where each character is drawn: the degree sign must stand left of the C, as in °C.
  const drawn = await unit.evaluate((cell) => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const node = walker.nextNode() as Text;
    const at = (index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().left;
    };
    const text = node.data;
    return { degree: at(text.indexOf('°')), c: at(text.indexOf('C')) };
  });
  expect(drawn.degree).toBeLessThan(drawn.c);
  await snap('rtl-thresholds-unit-he-IL', page);
});
