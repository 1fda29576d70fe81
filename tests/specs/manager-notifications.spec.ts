import { TestId } from '@halo/shared';
import { MAJOR_FOR_ALL, raiseTemperatureAlerts } from '../fixtures/alerts';
import { apiLogin } from '../fixtures/apiLogin';
import { outboxMails } from '../fixtures/outbox';
import { ShellPage } from '../fixtures/pages/ShellPage';
import { PeopleApi } from '../fixtures/peopleApi';
import { loginThroughUi } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/**
 * Issue 39, item 1: an environment manager tunes and receives their own alarm notifications.
 * The root manager (critical only by default) sees major alarms on Home but none on the bell
 * until they lower their own severity in Settings; they give themselves an e-mail address,
 * which takes over once the link mailed to it is opened. A parent's manager sets a child
 * manager's severity in Environments.
 */
test.use({
  stackEnv: { HALO_E2E_STACK: 'manager-notifications', HALO_SIM_DEVICES: '30', HALO_SIM_CHANGE_FRACTION: '0.1' },
});

const PASSWORD = 'Str0ng-Passw0rd!';

test('the root manager lowers their own severity and the bell counts the major alarms; a new address is confirmed by its link', async ({
  page,
  stack,
  request,
  snap,
}) => {
  test.setTimeout(120_000);
  await raiseTemperatureAlerts(request, stack.adminPassword, 3, MAJOR_FOR_ALL);
  await loginThroughUi(page, 'admin', stack.adminPassword);
  const shell = new ShellPage(page);
  await shell.dismissOtpReminderIfShown();
  // Major alarms are open, but the manager's severity is critical: the bell counts none.
  await expect(page.getByTestId(TestId.shell.bell)).toBeVisible();
  await expect(page.getByTestId(TestId.shell.bellCount)).toHaveCount(0);

  await shell.openSettings();
  await page.getByTestId(TestId.settings.notificationsNav).click();
  const severity = page.getByTestId(TestId.settings.severitySelect);
  await expect(severity).toHaveValue('3');
  await expect(page.getByTestId(TestId.settings.email)).toContainText(
    'Your account has no e-mail address, so no alarm e-mail can reach you.',
  );
  await severity.selectOption('2');
  await page.getByTestId(TestId.settings.notificationsSave).click();
  await expect(page.getByTestId(TestId.settings.notificationsSave)).toBeDisabled();
  // The bell counts from the new severity at once, with the dialog still open.
  await expect(page.getByTestId(TestId.shell.bellCount)).toHaveText(/^[1-9]\d*\+?$/, { timeout: 10_000 });

  await page.getByTestId(TestId.settings.newEmail).fill('noc-lead@example.test');
  await page.getByTestId(TestId.settings.sendEmailConfirmation).click();
  await expect(page.getByTestId(TestId.settings.pendingEmail)).toContainText('noc-lead@example.test');
  await expect(page.getByTestId(TestId.settings.email)).toContainText('no e-mail address');
  await snap('manager-notifications-settings');

  const confirmation = await expect
    .poll(() => outboxMails(stack.dataDir).find((mail) => mail.to === 'noc-lead@example.test'), { timeout: 10_000 })
    .toBeDefined()
    .then(() => outboxMails(stack.dataDir).find((mail) => mail.to === 'noc-lead@example.test'));
  expect(confirmation?.subject).toContain('confirm the new e-mail address of admin in environment root');
  const link = /https?:\/\/\S+\/confirm-email\/([A-Za-z0-9_-]+)/.exec(confirmation?.text ?? '');
  expect(link, 'the mail carries the confirmation link').not.toBeNull();

  await page.keyboard.press('Escape');
  await page.goto(`/confirm-email/${link?.[1] ?? ''}`);
  await page.getByTestId(TestId.confirmEmail.confirm).click();
  // The address is isolated left to right in the sentence (U+2066 … U+2069).
  await expect(page.getByTestId(TestId.confirmEmail.done)).toHaveText(
    'Your e-mail address is now \u2066noc-lead@example.test\u2069.',
  );
  await snap('manager-notifications-confirmed');
  // Used once: the same link again is refused, with the reason.
  await page.goto(`/confirm-email/${link?.[1] ?? ''}`);
  await page.getByTestId(TestId.confirmEmail.confirm).click();
  await expect(page.getByTestId(TestId.confirmEmail.error)).toBeVisible();

  await page.goto('/');
  await shell.openSettings();
  await page.getByTestId(TestId.settings.notificationsNav).click();
  await expect(page.getByTestId(TestId.settings.email)).toHaveText(
    'Alarm e-mail goes to \u2066noc-lead@example.test\u2069.',
  );
  await expect(page.getByTestId(TestId.settings.severitySelect)).toHaveValue('2');
  await expect(page.getByTestId(TestId.settings.pendingEmail)).toHaveCount(0);
});

test("he-IL and dark: a parent's manager sets a child manager's severity; an ordinary user's stays read-only", async ({
  page,
  stack,
  request,
  crud,
  snap,
}) => {
  const people = await PeopleApi.login(request, 'admin', stack.adminPassword);
  await people.createUser({
    username: 'night-operator',
    password: PASSWORD,
    email: 'night-operator@example.test',
    permissions: [],
  });
  await page.addInitScript(() => {
    window.localStorage.setItem('lang', 'he-IL');
    window.localStorage.setItem('theme', 'dark');
  });
  await loginThroughUi(page, 'admin', stack.adminPassword);
  const shell = new ShellPage(page);
  await shell.dismissOtpReminderIfShown();
  await page.getByTestId(TestId.shell.menuItem('environments')).click();
  const environments = crud('environments');
  await environments.openAdd();
  await environments.fill({
    environment_name: 'harbour',
    username: 'harbour-manager',
    password: PASSWORD,
    email: 'harbour@example.test',
  });
  await expect(environments.field('severity')).toHaveValue('3');
  await environments.field('severity').selectOption('1');
  await snap('manager-notifications-environment-he-IL-dark');
  await environments.saveAndClose();
  await expect(environments.row('harbour')).toContainText('נמוכה');

  // The child's manager finds the severity the parent set, and may change it.
  const harbour = await apiLogin(request, 'harbour-manager', PASSWORD, 'harbour');
  const settings = await request.get('/api/v1/notification_settings', { headers: harbour.headers });
  expect(await settings.json()).toMatchObject({ severity: 1, severity_editable: true, email: 'harbour@example.test' });

  await shell.logout();
  await loginThroughUi(page, 'night-operator', PASSWORD);
  await shell.openSettings();
  await page.getByTestId(TestId.settings.notificationsNav).click();
  await expect(page.getByTestId(TestId.settings.alarmSeverity)).toContainText('קריטית');
  await expect(page.getByTestId(TestId.settings.severitySelect)).toHaveCount(0);
  await expect(page.getByTestId(TestId.settings.newEmail)).toHaveCount(0);
  await expect(page.getByTestId(TestId.settings.email)).toContainText('night-operator@example.test');
  // At most one alarm e-mail an hour (issue 39, item 6).
  await page.getByTestId(TestId.settings.emailInterval).selectOption('60');
  await page.getByTestId(TestId.settings.notificationsSave).click();
  await expect(page.getByTestId(TestId.settings.notificationsSave)).toBeDisabled();
  await expect(page.getByTestId(TestId.settings.emailInterval)).toHaveValue('60');
  await snap('manager-notifications-operator-he-IL-dark');
});
