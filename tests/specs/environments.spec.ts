import { TestId } from '@halo/shared';
import type { Page } from '@playwright/test';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

test.use({ stackEnv: { HALO_E2E_STACK: 'environments' } });

const PASSWORD = 'Str0ng-Pass!';

/** Logs the admin in through the UI (after any API arranging: one session per user) and opens the screen. */
async function openEnvironments(page: Page, adminPassword: string) {
  await loginThroughUi(page, 'admin', adminPassword);
  await page.getByTestId(TestId.shell.menuItem('environments')).click();
  await expect(page).toHaveURL(/\/config\/environments$/);
}

test('add with a custom CA, search, edit with the password unchanged, delete', async ({
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  await openEnvironments(page, stack.adminPassword);
  const environments = crud('environments');
  await expect(environments.empty).toBeVisible();

  await environments.openAdd();
  await expect(environments.dialogTitle).toHaveText('Add environment');
  await environments.fill({
    environment_name: 'north-fleet',
    username: 'north_admin',
    password: PASSWORD,
    email: 'north@example.test',
    description: 'Northern sites',
  });
  await environments.field('section-advanced').click();
  await environments.field('ca_choice').selectOption('custom');
  await environments.fill({ ca_server_address: 'ca.north.example:8443' });
  await snap('environments-add-dialog');
  await environments.saveAndClose();
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Environment added' })).toBeVisible();
  await expect(environments.row('north-fleet')).toContainText('ca.north.example:8443');
  await expect(environments.row('north-fleet')).toContainText('north_admin');

  await environments.openAdd();
  await environments.fill({
    environment_name: 'south-fleet',
    username: 'south_admin',
    password: PASSWORD,
    email: 'south@example.test',
  });
  await environments.saveAndClose();
  await expect(environments.rows()).toHaveCount(2);

  await environments.search('NORTH');
  await expect(environments.rows()).toHaveCount(1);
  await environments.search('nothing-like-this');
  await expect(environments.empty).toBeVisible();
  await environments.search('');
  await expect(environments.rows()).toHaveCount(2);

  // The form clears after a save: adding again starts empty.
  await environments.openAdd();
  await expect(environments.field('environment_name')).toHaveValue('');
  await environments.cancel();

  await environments.openEdit('north-fleet');
  await expect(environments.dialogTitle).toHaveText('Edit environment');
  await expect(environments.field('password')).toHaveValue('');
  await expect(environments.field('environment_name')).toHaveValue('north-fleet');
  await environments.fill({ description: 'Renamed sites', environment_name: 'north-fleet-2' });
  await environments.saveAndClose();
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Environment updated' })).toBeVisible();
  await expect(environments.row('north-fleet-2')).toContainText('Renamed sites');
  // An empty password on edit was sent as null: the manager's password did not change.
  await PeopleApi.login(request, 'north_admin', PASSWORD, 'north-fleet-2');

  await environments.delete('south-fleet');
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Environment deleted' })).toBeVisible();
  await expect(environments.rows()).toHaveCount(1);
  await snap('environments-list');
});

test('duplicate names, bad input and taken e-mails are shown in the dialog', async ({
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createEnvironment({
    environment_name: 'taken-env',
    username: 'taken_admin',
    password: PASSWORD,
    email: 'taken@example.test',
  });
  await openEnvironments(page, stack.adminPassword);
  const environments = crud('environments');
  await expect(environments.row('taken-env')).toBeVisible();

  await environments.openAdd();
  // Names with spaces: the rule shows as the user types, and the API refuses them too (error 1).
  await environments.fill({ environment_name: 'east fleet' });
  await expect(environments.fieldError('environment_name')).toHaveText('Environment name contains invalid characters');
  await environments.fill({ username: 'east_admin', password: PASSWORD, email: 'east@example.test' });
  // The form knows the value is invalid: it says so on the field and sends nothing.
  await environments.saveRefusedByForm();
  await expect(environments.fieldError('environment_name')).toHaveText('Environment name contains invalid characters');

  // 20: the environment name exists.
  await environments.fill({ environment_name: 'taken-env' });
  await environments.save();
  await expect(environments.formError).toHaveText('Environment with given name already exists');
  await expect(environments.fieldError('environment_name')).toHaveText('Environment with given name already exists');

  // 32: a weak password, shown inline first and then as the API's answer. (E-mail addresses
  // are unique within an environment, so a new environment's manager may reuse one: error 31
  // is the users screen's.)
  await environments.fill({ environment_name: 'east-fleet', email: 'east@example.test', password: 'weakpass' });
  await expect(environments.fieldError('password')).toContainText('Password must be 8 to 128 characters');
  await environments.saveRefusedByForm();
  await expect(environments.fieldError('password')).toContainText('Password must be 8 to 128 characters');

  // A custom CA needs a valid address.
  await environments.fill({ password: PASSWORD });
  await environments.field('section-advanced').click();
  await environments.field('ca_choice').selectOption('custom');
  await environments.fill({ ca_server_address: 'not a host' });
  await expect(environments.fieldError('ca_server_address')).toBeVisible();
  // An address only the server refuses (this machine: no requests to the provider's own host):
  // the banner says values are invalid, and the field says which.
  await environments.fill({ ca_server_address: '127.0.0.1' });
  await expect(environments.fieldError('ca_server_address')).toHaveCount(0);
  await environments.save();
  await expect(environments.formError).toHaveText('Some values are not valid: see the marked fields');
  await expect(environments.fieldError('ca_server_address')).toHaveText(
    'CA server address points to a loopback address (this machine): the console never calls it, and no setting allows it',
  );
  await environments.fieldError('ca_server_address').scrollIntoViewIfNeeded();
  await snap('environments-ca-address-refused');
  await environments.field('ca_choice').selectOption('own');

  await environments.saveAndClose();
  await expect(environments.row('east-fleet')).toBeVisible();
});

test('rename the current environment, and a parent manager deactivates a sub-manager 2FA', async ({
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createEnvironment({
    environment_name: 'secure-env',
    username: 'secure_admin',
    password: PASSWORD,
    email: 'secure@example.test',
  });
  const subManager = await PeopleApi.login(request, 'secure_admin', PASSWORD, 'secure-env');
  await subManager.activateTwoFactor();
  await openEnvironments(page, stack.adminPassword);

  const environments = crud('environments');
  await expect(environments.row('secure-env')).toContainText('2FA active');
  await environments.rowAction('secure-env', 'deactivateTwoFactor').click();
  await expect(environments.actionAlert).toBeVisible();
  await environments.confirm(environments.actionAlert);
  await expect(environments.row('secure-env')).toContainText('2FA off');
  await expect(environments.rowAction('secure-env', 'deactivateTwoFactor')).toHaveCount(0);

  await page.getByTestId(TestId.people.renameCurrent).click();
  const input = page.getByTestId(TestId.people.renameInput);
  await expect(input).toHaveValue('root');
  await input.fill('root env');
  await expect(page.getByTestId(TestId.people.renameDialog)).toContainText('contains invalid characters');
  await input.fill('secure-env');
  await page.getByTestId(TestId.people.renameSave).click();
  await expect(page.getByTestId(TestId.people.renameError)).toHaveText('Environment with given name already exists');
  await input.fill('root-renamed');
  await page.getByTestId(TestId.people.renameSave).click();
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Environment renamed' })).toBeVisible();
  await snap('environments-renamed');
  // Put the name back so logging in to 'root' keeps working for the other tests.
  await expect(page.getByTestId(TestId.people.renameCurrent)).toHaveText('Rename root-renamed');
  await page.getByTestId(TestId.people.renameCurrent).click();
  await expect(input).toHaveValue('root-renamed');
  await input.fill('root');
  await page.getByTestId(TestId.people.renameSave).click();
  await expect(page.getByTestId(TestId.people.renameDialog)).toBeHidden();
});
