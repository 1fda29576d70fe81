import { TestId } from '@halo/shared';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

test.use({ stackEnv: { HALO_E2E_STACK: 'user-disabled' } });

const PASSWORD = 'Str0ng-Pass!';

test('disabling a logged-in user sends their browser to session expired within seconds', async ({
  browser,
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({ username: 'field_op', password: PASSWORD, email: 'field@example.test', permissions: [50] });

  const elsewhere = await browser.newContext({ baseURL: stack.baseURL });
  const theirPage = await elsewhere.newPage();
  await loginThroughUi(theirPage, 'field_op', PASSWORD);
  await expect(theirPage).toHaveURL(/\/$/);

  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/config/users');
  const users = crud('users');
  await users.openEdit('field_op');
  await users.fill({ is_disabled: true });
  await users.saveAndClose();
  await expect(users.row('field_op')).toContainText('Disabled');

  await expect(theirPage).toHaveURL(/\/(session-expired|login)/, { timeout: 5000 });
  await expect(
    theirPage.getByTestId(TestId.sessionExpired.page).or(theirPage.getByTestId(TestId.login.form)),
  ).toBeVisible();
  await snap('user-disabled-elsewhere', theirPage);

  // A disabled user cannot log in again.
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'field_op', password: PASSWORD, environment_name: 'root' },
  });
  expect(login.ok()).toBe(false);
  await elsewhere.close();
});
