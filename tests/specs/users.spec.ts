import { Permission, TestId } from '@halo/shared';
import type { Page } from '@playwright/test';
import { DataPathApi } from '../fixtures/dataPathApi';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';
import { setControl } from '../fixtures/controls';

test.use({ stackEnv: { HALO_E2E_STACK: 'users' } });

const PASSWORD = 'Str0ng-Pass!';

/** Logs the admin in through the UI (after any API arranging: one session per user) and opens Users. */
async function openUsers(page: Page, adminPassword: string) {
  await loginThroughUi(page, 'admin', adminPassword);
  await page.getByTestId(TestId.shell.menuItem('users')).click();
  await expect(page).toHaveURL(/\/config\/users$/);
}

test('the environment manager row is marked and protected', async ({ page, crud, stack, snap }) => {
  await openUsers(page, stack.adminPassword);
  const users = crud('users');
  const manager = users.row('admin');
  await expect(manager.locator('[data-testid^="user-manager-"]')).toHaveText('Environment manager');
  await expect(users.editButton('admin')).toBeDisabled();
  await expect(users.deleteButton('admin')).toBeDisabled();
  await snap('users-manager-protected');
});

test('add with permissions and severity, search, edit with the password unchanged, delete', async ({
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  await openUsers(page, stack.adminPassword);
  const users = crud('users');

  await users.openAdd();
  await expect(users.dialogTitle).toHaveText('Add user');
  await expect(users.field('severity')).toHaveValue('3');
  await users.fill({
    username: 'operator_1',
    name: 'Dana Operator',
    password: PASSWORD,
    email: 'dana@example.test',
    description: 'Night shift',
  });
  await setControl(page.getByTestId(TestId.people.permission('environments', 'view')), true);
  await setControl(page.getByTestId(TestId.people.permissionAll('users')), true);
  await expect(page.getByTestId(TestId.people.permission('users', 'delete'))).toBeChecked();
  await users.field('severity').selectOption({ label: 'Major' });
  await snap('users-add-dialog');
  await users.saveAndClose();
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'User added' })).toBeVisible();
  await expect(users.row('operator_1')).toContainText('Major');
  await expect(users.row('operator_1')).toContainText('Dana Operator');

  await users.openAdd();
  await expect(users.field('username')).toHaveValue('');
  await users.fill({ username: 'operator_2', password: PASSWORD, email: 'op2@example.test' });
  await users.saveAndClose();
  await expect(users.rows()).toHaveCount(3);

  await users.search('dana');
  await expect(users.rows()).toHaveCount(1);
  await users.search('zzz');
  await expect(users.empty).toBeVisible();
  await users.search('');

  await users.openEdit('operator_1');
  await expect(users.dialogTitle).toHaveText('Edit user');
  await expect(users.field('password')).toHaveValue('');
  await expect(page.getByTestId(TestId.people.permission('users', 'add'))).toBeChecked();
  await expect(page.getByTestId(TestId.people.permission('devices', 'view'))).not.toBeChecked();
  await setControl(page.getByTestId(TestId.people.permissionAll('users')), false);
  await setControl(page.getByTestId(TestId.people.permission('devices', 'updateAll')), true);
  await users.fill({ name: 'Dana Renamed' });
  await users.saveAndClose();
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'User updated' })).toBeVisible();
  await expect(users.row('operator_1')).toContainText('Dana Renamed');

  // The empty password was sent as null: the old one still works, with the new permissions.
  const operator = await PeopleApi.login(request, 'operator_1', PASSWORD);
  expect(operator.environmentId).toBeGreaterThan(0);

  await users.delete('operator_2');
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'User deleted' })).toBeVisible();
  await expect(users.rows()).toHaveCount(2);
  await snap('users-list');
});

test('duplicate usernames and e-mails, weak passwords and names with spaces are shown', async ({
  page,
  crud,
  request,
  stack,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({ username: 'taken_user', password: PASSWORD, email: 'taken@example.test' });
  await openUsers(page, stack.adminPassword);
  const users = crud('users');
  await expect(users.row('taken_user')).toBeVisible();

  await users.openAdd();
  await users.fill({ username: 'john doe' });
  await expect(users.fieldError('username')).toHaveText('Username contains invalid characters');
  await users.fill({ password: PASSWORD, email: 'john@example.test' });
  // The form knows the value is invalid: it says so on the field and sends nothing.
  await users.saveRefusedByForm();
  await expect(users.fieldError('username')).toHaveText('Username contains invalid characters');

  await users.fill({ username: 'taken_user' });
  await users.save();
  await expect(users.formError).toHaveText('User with given username already exists');
  await expect(users.fieldError('username')).toHaveText('User with given username already exists');

  await users.fill({ username: 'john_doe', email: 'taken@example.test' });
  await users.save();
  await expect(users.formError).toHaveText('User with given email already exists');

  await users.fill({ email: 'john@example.test', password: 'short' });
  await expect(users.fieldError('password')).toContainText('Password must be 8 to 128 characters');
  await users.saveRefusedByForm();
  await expect(users.fieldError('password')).toContainText('Password must be 8 to 128 characters');

  await users.fill({ email: 'not-an-email' });
  await expect(users.fieldError('email')).toHaveText('E-mail is invalid');

  await users.fill({ email: 'john@example.test', password: PASSWORD });
  await users.saveAndClose();
  await expect(users.row('john_doe')).toBeVisible();

  // Editing keeps the dialog open on a refusal; Cancel closes it.
  await users.openEdit('john_doe');
  await users.fill({ email: 'taken@example.test' });
  await users.save();
  await expect(users.formError).toHaveText('User with given email already exists');
  await users.cancel();
  await expect(users.dialog).toBeHidden();
});

test('a manager deactivates the 2FA of a user', async ({ page, crud, request, stack }) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({
    username: 'secure_user',
    password: PASSWORD,
    email: 'secure@example.test',
    permissions: [Permission.DEVICES_VIEW],
  });
  const secure = await PeopleApi.login(request, 'secure_user', PASSWORD);
  await secure.activateTwoFactor();
  await openUsers(page, stack.adminPassword);
  const users = crud('users');
  await expect(users.row('secure_user')).toContainText('2FA active');
  await users.rowAction('secure_user', 'deactivateTwoFactor').click();
  await users.confirm(users.actionAlert);
  await expect(
    page.getByTestId(TestId.shell.toast).filter({ hasText: 'Two-factor authentication of the user deactivated' }),
  ).toBeVisible();
  await expect(users.row('secure_user')).toContainText('2FA off');
});

test('a non-manager cannot change their own permissions and grants only what they hold', async ({
  page,
  crud,
  request,
  stack,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({
    username: 'team_lead',
    password: PASSWORD,
    email: 'lead@example.test',
    permissions: [Permission.USERS_VIEW, Permission.USERS_UPDATE, Permission.DEVICES_VIEW],
  });
  await admin.createUser({ username: 'team_member', password: PASSWORD, email: 'member@example.test' });
  await loginThroughUi(page, 'team_lead', PASSWORD);
  await page.goto('/config/users');
  const users = crud('users');

  await users.openEdit('team_lead');
  await expect(page.getByTestId(TestId.people.ownPermissionsLocked)).toBeVisible();
  await expect(page.getByTestId(TestId.people.permission('devices', 'view'))).toBeDisabled();
  await users.cancel();

  await users.openEdit('team_member');
  await expect(page.getByTestId(TestId.people.ownPermissionsLocked)).toHaveCount(0);
  await expect(page.getByTestId(TestId.people.permission('devices', 'view'))).toBeEnabled();
  await expect(page.getByTestId(TestId.people.permission('devices', 'add'))).toBeDisabled();
  await setControl(page.getByTestId(TestId.people.permission('devices', 'view')), true);
  await users.saveAndClose();
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'User updated' })).toBeVisible();
});

test('a manager grants a user devices; the severity and allowed devices say what they mean', async ({
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  const arranging = await DataPathApi.login(request, 'admin', stack.adminPassword);
  const granted = await arranging.createDevice('grant-cam-1');
  await arranging.createDevice('grant-cam-2');
  await openUsers(page, stack.adminPassword);
  const users = crud('users');
  await users.openAdd();
  await users.fill({ username: 'grant_tech', password: PASSWORD, email: 'grant-tech@example.test' });
  await expect(page.getByText('Critical, the default, means critical alerts only')).toBeVisible();
  await page.getByTestId(TestId.people.allowedDevicesFilter).fill('grant-cam');
  await setControl(page.getByTestId(TestId.people.allowedDevice(granted)), true);
  await expect(page.getByTestId(TestId.people.allowedDevices)).toContainText('1 device allowed');
  await page.getByTestId(TestId.people.allowedDevices).scrollIntoViewIfNeeded();
  await snap('users-allowed-devices');
  await users.saveAndClose();

  await users.openEdit('grant_tech');
  await expect(page.getByTestId(TestId.people.allowedDevice(granted))).toBeChecked();
  await expect(page.getByTestId(TestId.people.allowedDevices)).toContainText('1 device allowed');
  await users.cancel();
});
