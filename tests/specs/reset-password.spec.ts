import { API_BASE, apiPaths } from '@halo/shared';
import { apiLogin } from '../fixtures/apiLogin';
import { outboxMails, type OutboxMail } from '../fixtures/outbox';
import { PeopleApi } from '../fixtures/peopleApi';
import { ResetPasswordPage } from '../fixtures/pages/ResetPasswordPage';
import { expect, test } from '../fixtures/test';

/**
 * Issue 24, item 13: two environments' managers share an address and a username. Each gets a
 * mail naming its environment, and the page a link opens says which account and environment
 * it resets, in en-US and in he-IL.
 */
test.use({ stackEnv: { HALO_E2E_STACK: 'reset-password' } });

const SHARED_ADDRESS = 'noc-desk@example.test';
const MANAGER = 'opsmgr';
const ENVIRONMENTS = ['north-ops', 'south-ops'];
const FIRST_PASSWORD = 'First-Passw0rd!';
const NEW_PASSWORD = 'Chosen-Passw0rd!';

test.describe.serial('a reset link for an address two environments share', () => {
  let mails: OutboxMail[] = [];
  const tokenOf = (mail: OutboxMail | undefined) => /\/reset\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

  test.beforeAll(async ({ request, stack }) => {
    const admin = await PeopleApi.login(request, 'admin', stack.adminPassword);
    for (const environment of ENVIRONMENTS) {
      await admin.createEnvironment({
        environment_name: environment,
        username: MANAGER,
        password: FIRST_PASSWORD,
        email: SHARED_ADDRESS,
      });
    }
    const forgot = await request.post(`${API_BASE}${apiPaths.auth.forgot}`, { data: { email: SHARED_ADDRESS } });
    expect(forgot.status()).toBe(200);
    mails = outboxMails(stack.dataDir);
  });

  test('each of the two mails names its own environment', () => {
    expect(mails).toHaveLength(2);
    const named = mails.map((mail) => {
      const environments = ENVIRONMENTS.filter((environment) => mail.text.includes(environment));
      expect(environments, mail.text).toHaveLength(1);
      expect(mail.subject).toContain(environments[0]);
      return environments[0];
    });
    expect(named.sort()).toEqual(ENVIRONMENTS);
  });

  test('en-US: the page names the account and its environment', async ({ page, snap }) => {
    const reset = new ResetPasswordPage(page);
    await reset.open(tokenOf(mails[0]));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(reset.username).toHaveText(MANAGER);
    await expect(reset.environment).toHaveText(/^(north-ops|south-ops)$/);
    await expect(reset.account).toContainText('Username');
    await expect(reset.account).toContainText('Environment');
    await snap('reset-password-account-en-US');
  });

  test('he-IL: the page names them right to left, and resets that account only', async ({ page, request, snap }) => {
    const reset = new ResetPasswordPage(page);
    await reset.open(tokenOf(mails[0]));
    const first = (await reset.environment.textContent()) ?? '';
    expect(ENVIRONMENTS).toContain(first);
    const other = ENVIRONMENTS.find((environment) => environment !== first)!;

    await page.addInitScript(() => globalThis.localStorage.setItem('lang', 'he-IL'));
    await reset.open(tokenOf(mails[1]));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(reset.username).toHaveText(MANAGER);
    await expect(reset.environment).toHaveText(other);
    await expect(reset.account).toContainText('שם משתמש');
    await expect(reset.account).toContainText('סביבה');
    await snap('reset-password-account-he-IL');

    await reset.setPassword(NEW_PASSWORD);
    await expect(reset.done).toBeVisible();
    await apiLogin(request, MANAGER, NEW_PASSWORD, other);
    await apiLogin(request, MANAGER, FIRST_PASSWORD, first);
  });
});
