import { expect, test } from '../fixtures/test';
import { LoginPage } from '../fixtures/pages/LoginPage';

test.use({ stackEnv: { HALO_E2E_STACK: 'session-replaced' } });

test('a second login elsewhere sends the first browser to session expired', async ({
  browser,
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

  const elsewhere = await browser.newContext({ baseURL: stack.baseURL });
  const otherPage = await elsewhere.newPage();
  const otherLogin = new LoginPage(otherPage);
  await otherLogin.goto();
  await otherLogin.login('admin', stack.adminPassword);
  await expect(otherPage).toHaveURL(/\/$/);

  await expect(page).toHaveURL(/\/session-expired$/, { timeout: 5000 });
  await expect(page.getByText(/another session/i)).toBeVisible();
  await snap('session-replaced');
  await elsewhere.close();
});
