import { Permission, TestId } from '@halo/shared';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

test.use({ stackEnv: { HALO_E2E_STACK: 'groups' } });

test('groups on the Users screen: add, search, edit, duplicate names, names with spaces, delete', async ({
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createGroup('taken_group');
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/config/users');
  await page.getByTestId(TestId.people.groupsTab).click();
  const groups = crud('groups');
  await expect(groups.row('taken_group')).toBeVisible();

  await groups.openAdd();
  await expect(groups.dialogTitle).toHaveText('Add group');
  await groups.fill({ name: 'north sites' });
  await expect(groups.fieldError('name')).toHaveText('Group name contains invalid characters');
  // The form knows the value is invalid: it says so on the field and sends nothing.
  await groups.saveRefusedByForm();
  await expect(groups.fieldError('name')).toHaveText('Group name contains invalid characters');
  await groups.fill({ name: '' });
  await expect(groups.fieldError('name')).toHaveText('Group name is required');

  await groups.fill({ name: 'taken_group' });
  await groups.save();
  await expect(groups.formError).toHaveText('Group with given name already exists');
  await expect(groups.fieldError('name')).toHaveText('Group with given name already exists');

  await groups.fill({ name: 'north_sites' });
  await groups.saveAndClose();
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Group added' })).toBeVisible();
  await expect(groups.rows()).toHaveCount(2);

  await groups.search('north');
  await expect(groups.rows()).toHaveCount(1);
  await groups.search('');

  await groups.openEdit('north_sites');
  await expect(groups.dialogTitle).toHaveText('Edit group');
  await expect(groups.field('name')).toHaveValue('north_sites');
  await groups.fill({ name: 'taken_group' });
  await groups.save();
  await expect(groups.formError).toHaveText('Group with given name already exists');
  await groups.fill({ name: 'south_sites' });
  await groups.saveAndClose();
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Group updated' })).toBeVisible();
  await expect(groups.row('south_sites')).toBeVisible();

  // Sorting by name: one click ascending, a second descending.
  await page.getByTestId(TestId.crud.sort('groups', 'name')).click();
  await expect(groups.rows().first()).toContainText('south_sites');
  await page.getByTestId(TestId.crud.sort('groups', 'name')).click();
  await expect(groups.rows().first()).toContainText('taken_group');

  await groups.delete('taken_group');
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'Group deleted' })).toBeVisible();
  await expect(groups.rows()).toHaveCount(1);
  await snap('groups-list');
});

test('a group deleted elsewhere meanwhile shows ID not found and leaves the list fresh', async ({
  page,
  crud,
  request,
  stack,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createGroup('short_lived');
  await admin.createUser({
    username: 'group_keeper',
    password: 'Str0ng-Pass!',
    email: 'keeper@example.test',
    permissions: [Permission.USERS_VIEW, Permission.USERS_DELETE],
  });
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await page.goto('/config/users');
  await page.getByTestId(TestId.people.groupsTab).click();
  const groups = crud('groups');
  await expect(groups.row('short_lived')).toBeVisible();

  const keeper = await PeopleApi.login(request, 'group_keeper', 'Str0ng-Pass!');
  await keeper.deleteGroupNamed('short_lived');

  await groups.deleteButton('short_lived').click();
  await groups.confirm(groups.deleteAlert);
  await expect(page.getByTestId(TestId.shell.toast).filter({ hasText: 'ID not found' })).toBeVisible();
  await expect(groups.row('short_lived')).toHaveCount(0);
});
