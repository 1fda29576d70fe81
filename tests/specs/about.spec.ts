import { PRODUCT_VERSION_SUFFIX, TestId } from '@halo/shared';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * About (spec section 2): "The product version string shown is {ip}-12.6", and clicking a
 * version copies it. The address is this server's as the browser reached it, not an address
 * of one of the machine's interfaces (which copied a documentation address, 192.0.2.2-12.6).
 */
test('About shows and copies the version string with the address this server was reached at', async ({
  page,
  context,
  stack,
  shell,
  snap,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseURL });
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await shell.dismissOtpReminderIfShown();
  await shell.openProfileMenu();
  await page.getByTestId(TestId.shell.aboutItem).click();
  const expected = `${new URL(stack.baseURL).hostname}-${PRODUCT_VERSION_SUFFIX}`;
  const official = page.getByTestId(TestId.about.version('official'));
  await expect(official).toHaveText(expected);
  await official.click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  await snap('about-dialog');
});
