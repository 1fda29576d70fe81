import { Permission, TestId } from '@halo/shared';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

test.use({ stackEnv: { HALO_E2E_STACK: 'global-search' } });

const PASSWORD = 'Str0ng-Pass!';

test('a result opens its screen with the search filled in; the menu clears it', async ({
  page,
  crud,
  request,
  stack,
  snap,
}) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({ username: 'marina_ops', password: PASSWORD, email: 'marina@example.test' });
  await admin.createUser({ username: 'other_user', password: PASSWORD, email: 'other@example.test' });
  await admin.createEnvironment({
    environment_name: 'marina-fleet',
    username: 'marina_admin',
    password: PASSWORD,
    email: 'marina-admin@example.test',
  });
  await loginThroughUi(page, 'admin', stack.adminPassword);

  const search = page.getByTestId(TestId.shell.search);
  await search.click();
  await search.fill('marina');
  await expect(page.getByTestId(TestId.globalSearch.group('users'))).toContainText('marina_ops');
  await expect(page.getByTestId(TestId.globalSearch.group('environments'))).toContainText('marina-fleet');
  await snap('global-search-results');

  await page.getByTestId(TestId.globalSearch.group('users')).getByText('marina_ops').click();
  await expect(page).toHaveURL(/\/config\/users$/);
  const users = crud('users');
  await expect(users.searchBox).toHaveValue('marina_ops');
  await expect(users.rows()).toHaveCount(1);

  await search.click();
  await search.fill('marina-fl');
  await page.getByTestId(TestId.globalSearch.group('environments')).getByText('marina-fleet').click();
  await expect(page).toHaveURL(/\/config\/environments$/);
  await expect(crud('environments').searchBox).toHaveValue('marina-fleet');

  // Choosing Users from the menu clears that list's search first.
  await page.getByTestId(TestId.shell.menuItem('users')).click();
  await expect(users.searchBox).toHaveValue('');
  await expect(users.rows()).toHaveCount(3);

  await search.click();
  await search.fill('no-such-thing');
  await expect(page.getByTestId(TestId.globalSearch.noResults)).toBeVisible();
});

test('only the lists the user may view are searched', async ({ page, request, stack }) => {
  const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await admin.createUser({
    username: 'env_viewer',
    password: PASSWORD,
    email: 'viewer@example.test',
    permissions: [Permission.ENVIRONMENTS_VIEW],
  });
  const requested: string[] = [];
  page.on('request', (sent) => requested.push(new URL(sent.url()).pathname));
  await loginThroughUi(page, 'env_viewer', PASSWORD);
  const search = page.getByTestId(TestId.shell.search);
  await search.click();
  await search.fill('env_viewer');
  await expect(page.getByTestId(TestId.globalSearch.noResults)).toBeVisible();
  expect(requested.some((path) => path.endsWith('/environments'))).toBe(true);
  expect(requested.some((path) => path.endsWith('/users'))).toBe(false);
  expect(requested.some((path) => path.endsWith('/devices'))).toBe(false);
});
