import { TestId } from '@halo/shared';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

test.use({ stackEnv: { HALO_E2E_STACK: 'people-he-IL' } });

test('the people screens in he-IL: titles, inline rules and API errors in Hebrew, right to left', async ({
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({ username: 'taken_user', password: 'Str0ng-Pass!', email: 'taken@example.test' });
  await page.addInitScript(() => globalThis.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByTestId(TestId.shell.menuItem('users')).click();
  const users = crud('users');
  await expect(users.addButton).toHaveText('הוספת משתמש');
  await expect(users.row('admin')).toContainText('מנהל הסביבה');
  await users.openAdd();
  await expect(users.dialogTitle).toHaveText('הוספת משתמש');
  await users.fill({ username: 'john doe' });
  await expect(users.fieldError('username')).toContainText('שם משתמש');
  await users.fill({ username: 'taken_user', password: 'Str0ng-Pass!', email: 'new@example.test' });
  await users.save();
  await expect(users.formError).toHaveText('משתמש עם שם משתמש זה כבר קיים');
  await snap('users-add-he-IL');
  await users.cancel();

  await page.getByTestId(TestId.shell.menuItem('environments')).click();
  const environments = crud('environments');
  await expect(environments.addButton).toHaveText('הוספת סביבה');
  await expect(environments.empty).toContainText('אין תת-סביבות');
  await snap('environments-he-IL');
});
