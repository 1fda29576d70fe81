import { expect, test } from '../fixtures/test';

const IDLE_MS = 6000;
test.use({ stackEnv: { HALO_SESSION_IDLE_MS: String(IDLE_MS) } });

test('an idle session lands on session expired', async ({ loginPage, shell, stack, page, snap }) => {
  await loginPage.goto();
  await loginPage.login('admin', stack.adminPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.topBar).toBeVisible();
  // No user activity: the gateway's background checks must not keep the session alive.
  await expect(page).toHaveURL(/\/session-expired$/, { timeout: IDLE_MS + 10_000 });
  await expect(page.getByText(/inactivity/i)).toBeVisible();
  await snap('session-expired-idle');
});
