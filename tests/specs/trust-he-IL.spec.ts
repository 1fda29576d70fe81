import { TestId } from '@halo/shared';
import { DataPathApi } from '../fixtures/dataPathApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/** The screens the trust fixes touched, in Hebrew, right to left: what a he-IL operator reads. */
test.use({ stackEnv: { HALO_E2E_STACK: 'trust-he-IL', HALO_SIM_DEVICES: '20' } });

test('he-IL: problem list, user dialog, profile and environment refusals read in Hebrew', async ({
  page,
  crud,
  request,
  stack,
  home,
  snap,
}) => {
  const arranging = await DataPathApi.login(request, 'admin', stack.adminPassword);
  await arranging.createDevice('he-cam-1');
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.addInitScript(() => globalThis.localStorage.setItem('lang', 'he-IL'));
  await loginThroughUi(page, 'admin', stack.adminPassword);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // Home: problems ranked, in Hebrew.
  await expect(home.problems.or(home.noProblems)).toBeVisible({ timeout: 20_000 });
  await snap('home-problems-he-IL');

  // Users: the severity explains itself, allowed devices are picked.
  await page.goto('/config/users');
  const users = crud('users');
  await users.openAdd();
  await expect(page.getByText('קריטית, ברירת המחדל, פירושה התראות קריטיות בלבד', { exact: false })).toBeVisible();
  await expect(page.getByTestId(TestId.people.allowedDevices)).toContainText('התקנים מורשים');
  await page.getByTestId(TestId.people.allowedDevices).scrollIntoViewIfNeeded();
  await snap('users-allowed-devices-he-IL');
  await users.cancel();

  // Data path: a profile with only a name asks for its server, in Hebrew, and sends nothing.
  await page.goto('/config/data-path');
  const profiles = crud('vpnProfiles');
  await profiles.openAdd();
  await profiles.fill({ name: 'name-only' });
  await profiles.saveRefusedByForm();
  await expect(profiles.fieldError('serverAddress')).toBeVisible();
  await snap('data-path-profile-needs-server-he-IL');
  await profiles.cancel();

  // Environments: an address only the server refuses: the banner says values are invalid.
  await page.goto('/config/environments');
  const environments = crud('environments');
  await environments.openAdd();
  await environments.fill({
    environment_name: 'he-env',
    username: 'he_admin',
    password: 'Str0ng-Pass!',
    email: 'he@example.test',
  });
  await environments.field('section-advanced').click();
  await environments.field('ca_choice').selectOption('custom');
  await environments.fill({ ca_server_address: '127.0.0.1' });
  await environments.save();
  await expect(environments.formError).toHaveText('חלק מהערכים אינם תקינים: ראו את השדות המסומנים');
  await snap('environments-ca-refused-he-IL');
});
