import { TestId } from '@halo/shared';
import { expect, test } from '../fixtures/test';
import { nextStepCode } from '../fixtures/pages/TwoFactorSettings';

test.use({ stackEnv: { HALO_E2E_STACK: 'two-factor' } });

test('2FA is set up from Settings, then demanded at login, where a replayed code is refused', async ({
  loginPage,
  otpPage,
  shell,
  twoFactor,
  stack,
  page,
  snap,
}) => {
  await loginPage.goto();
  await loginPage.login('admin', stack.adminPassword);
  await expect(page).toHaveURL(/\/$/);
  await shell.dismissOtpReminderIfShown();

  await shell.openSettings();
  const totp = await twoFactor.generate();
  expect(totp.digits).toBe(7);
  expect(totp.period).toBe(30);
  await snap('two-factor-qr');

  await twoFactor.enterCode('0000000');
  await expect(twoFactor.error).toContainText(/invalid otp/i);
  await expect(twoFactor.code).toHaveValue('');

  const activationCode = totp.generate();
  await twoFactor.enterCode(activationCode);
  await expect(page.getByText(/activated/i).first()).toBeVisible();
  await expect(twoFactor.dialog).toBeHidden();
  await snap('two-factor-activated');

  await shell.logout();
  await expect(page).toHaveURL(/\/login$/);

  await loginPage.login('admin', stack.adminPassword);
  await expect(page).toHaveURL(/\/otp-verification$/);
  await expect(otpPage.form).toBeVisible();
  await snap('otp-verification');

  // Letters are blocked: only digits reach the field.
  await otpPage.code.click();
  await otpPage.code.pressSequentially('12ab');
  await expect(otpPage.code).toHaveValue('12');
  await otpPage.code.fill('');

  // The code already used for activation is a replay.
  await otpPage.enter(activationCode);
  await expect(otpPage.error).toContainText(/invalid otp/i);
  await expect(otpPage.code).toHaveValue('');
  await snap('otp-replay-refused');

  // Going anywhere else while not verified lands back on the OTP page, and there once verified.
  await page.goto('/config/users');
  await expect(page).toHaveURL(/\/otp-verification$/);

  await otpPage.enter(nextStepCode(totp));
  await expect(page).toHaveURL(/\/config\/users$/);
  await expect(shell.topBar).toBeVisible();
  await expect(page.getByTestId(TestId.otpReminder.dialog)).toHaveCount(0);
  await snap('otp-verified-deep-link');
});
