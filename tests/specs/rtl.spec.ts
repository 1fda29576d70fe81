import { TestId } from '@halo/shared';
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
