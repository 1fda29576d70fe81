import { ALL_PERMISSIONS, can, isMenuItemEnabled, TestId, type MenuItem, type Subject } from '@halo/shared';
import { request as playwrightRequest, type Locator } from '@playwright/test';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * The permission matrix in the browser: a user holding one permission number sees enabled
 * only the menu items and the buttons that number opens.
 */
test.use({ stackEnv: { HALO_E2E_STACK: 'permissions-ui' } });

const PASSWORD = 'Str0ng-Pass!';
const MENU_ITEMS: readonly MenuItem[] = [
  'environments',
  'users',
  'devices',
  'dataPath',
  'versionsManagement',
  'thresholds',
  'usageMonitoring',
  'satcomTarget',
  'auditLog',
  'systemLog',
  'messagingLog',
];

test.beforeAll(async ({ stack }) => {
  const request = await playwrightRequest.newContext({ baseURL: stack.baseURL });
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createEnvironment({
    environment_name: 'matrix-env',
    username: 'matrix_admin',
    password: PASSWORD,
    email: 'matrix-admin@example.test',
  });
  await admin.createUser({ username: 'matrix_target', password: PASSWORD, email: 'target@example.test' });
  await admin.createGroup('matrix_group');
  for (const permission of ALL_PERMISSIONS) {
    await admin.createUser({
      username: `holder_${permission}`,
      password: PASSWORD,
      email: `holder-${permission}@example.test`,
      permissions: [permission],
    });
  }
  await request.dispose();
});

for (const permission of ALL_PERMISSIONS) {
  test(`permission ${permission} opens exactly its menu items and buttons`, async ({ page, crud, snap }) => {
    // Users of root share root's features: HeatSight for it and those below (given on first start).
    const subject: Subject = {
      environment_manager: false,
      permissions: [permission],
      enabled_feature_ids: [1, 2],
      realm_type: 1,
    };
    await loginThroughUi(page, `holder_${permission}`, PASSWORD);

    for (const item of MENU_ITEMS) {
      const entry = page.getByTestId(TestId.shell.menuItem(item));
      if (isMenuItemEnabled(subject, item)) await expect(entry, item).not.toHaveClass(/bp6-disabled/);
      else await expect(entry, item).toHaveClass(/bp6-disabled/);
    }

    await page.goto('/config/environments');
    if (can(subject, 'environments.view')) {
      const environments = crud('environments');
      await expect(environments.row('matrix-env')).toBeVisible();
      await expectEnabled(environments.addButton, can(subject, 'environments.add'));
      await expectEnabled(environments.editButton('matrix-env'), can(subject, 'environments.update'));
      await expectEnabled(environments.deleteButton('matrix-env'), can(subject, 'environments.delete'));
      await expectEnabled(page.getByTestId(TestId.people.renameCurrent), can(subject, 'environments.update'));
    } else {
      await expect(page.getByTestId(TestId.shell.notPermitted)).toBeVisible();
    }

    await page.goto('/config/users');
    if (can(subject, 'users.view')) {
      const users = crud('users');
      await expect(users.row('matrix_target')).toBeVisible();
      await expectEnabled(users.addButton, can(subject, 'users.add'));
      await expectEnabled(users.editButton('matrix_target'), can(subject, 'users.update'));
      await expectEnabled(users.deleteButton('matrix_target'), can(subject, 'users.delete'));
      // The manager's row stays protected whatever the permissions.
      await expect(users.editButton('admin')).toBeDisabled();
      await expect(users.deleteButton('admin')).toBeDisabled();
      // Deactivating someone's 2FA is for managers only.
      await expect(users.rowAction('matrix_target', 'deactivateTwoFactor')).toHaveCount(0);

      await page.getByTestId(TestId.people.groupsTab).click();
      const groups = crud('groups');
      await expect(groups.row('matrix_group')).toBeVisible();
      await expectEnabled(groups.addButton, can(subject, 'groups.add'));
      await expectEnabled(groups.editButton('matrix_group'), can(subject, 'groups.update'));
      await expectEnabled(groups.deleteButton('matrix_group'), can(subject, 'groups.delete'));
    } else {
      await expect(page.getByTestId(TestId.shell.notPermitted)).toBeVisible();
    }
    if (permission === ALL_PERMISSIONS[0]) await snap('permissions-ui-environments-view');
  });
}

async function expectEnabled(locator: Locator, enabled: boolean) {
  if (enabled) await expect(locator).toBeEnabled();
  else await expect(locator).toBeDisabled();
}
