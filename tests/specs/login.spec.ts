import { TestId } from '@halo/shared';
import { expect, test } from '../fixtures/test';

test.describe('login', () => {
  test('a wrong password shows the credentials error', async ({ loginPage, snap }) => {
    await loginPage.goto();
    await loginPage.login('admin', 'Wrong-Passw0rd!');
    await expect(loginPage.error).toContainText(/incorrect username or password/i);
    await expect(loginPage.page).toHaveURL(/\/login$/);
    await snap('login-wrong-password');
  });

  test('the lockout countdown shows 2 attempts left, then 1 attempt left', async ({ loginPage, snap }) => {
    await loginPage.goto();
    // A username that does not exist counts down exactly like one that does.
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      await loginPage.login('nobody-here', `Wrong-Passw0rd${attempt}!`);
      await expect(loginPage.error).toContainText(/incorrect username or password/i);
    }
    await loginPage.login('nobody-here', 'Wrong-Passw0rd3!');
    await expect(loginPage.error).toContainText('2 attempts left');
    await snap('login-two-attempts-left');
    await loginPage.login('nobody-here', 'Wrong-Passw0rd4!');
    await expect(loginPage.error).toContainText('1 attempt left');
    await snap('login-one-attempt-left');
  });

  test('admin reaches home, sees the shell and a ticking server clock, and logs out', async ({
    loginPage,
    shell,
    stack,
    page,
    snap,
  }) => {
    await loginPage.goto();
    await loginPage.login('admin', stack.adminPassword);
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.topBar).toBeVisible();
    await shell.dismissOtpReminderIfShown();
    await expect(page.getByTestId(TestId.shell.profileName)).toHaveCount(0); // only inside the menu
    await expect(shell.clock).toHaveText(/^\d{1,2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2}:\d{2} \(UTC\)$/);
    const first = await shell.clock.textContent();
    await expect.poll(async () => shell.clock.textContent(), { timeout: 5000 }).not.toBe(first);
    await snap('home-after-login');

    await shell.logout();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await snap('after-logout');
  });

  test('a deep link survives login: the address asked for opens once in, and logging out forgets it', async ({
    loginPage,
    shell,
    stack,
    page,
    snap,
  }) => {
    // An alarm mail's link, opened with no session.
    await page.goto('/logs/alarms?state=active&acknowledged=no');
    await expect(page).toHaveURL(/\/login$/);
    await loginPage.login('admin', stack.adminPassword);
    await expect(page).toHaveURL(/\/logs\/alarms\?state=active&acknowledged=no$/);
    await shell.dismissOtpReminderIfShown();
    await expect(shell.topBar).toBeVisible();
    await snap('login-deep-link-kept');
    // Logged out from there, the next login lands on Home, not on the page left behind.
    await shell.logout();
    await expect(page).toHaveURL(/\/login$/);
    await loginPage.login('admin', stack.adminPassword);
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path shows the not-found page with a link home', async ({ page, snap }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId(TestId.notFound.page)).toBeVisible();
    await expect(page.getByTestId(TestId.notFound.homeLink)).toBeVisible();
    await snap('not-found');
  });

  test('a reset link with an unknown token shows the invalid-token error', async ({ page, snap }) => {
    await page.goto('/reset/not-a-real-token');
    await expect(page.getByTestId(TestId.reset.error)).toContainText(/invalid or expired password reset token/i);
    await snap('reset-invalid-token');
  });
});
