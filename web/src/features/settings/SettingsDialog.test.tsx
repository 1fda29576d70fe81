import { ErrorCode, LoginState, TestId, TwoFactorStatus } from '@halo/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { notifications$, type Notification } from '../../lib/notify';
import { SessionContext, useSessionSelector } from '../../lib/session';
import { jsonResponse, testSession, testSessionLogic } from '../../testing/sessionHarness';
import { SettingsDialog } from './SettingsDialog';

const OTP_URI = 'otpauth://totp/Halo:admin?secret=JBSWY3DPEHPK3PXP&digits=7&period=30';

const session = testSession({
  name: 'Admin',
  user_id: 1,
  environment_id: 1,
  environment_name: 'root',
  parent_environment_id: null,
  environment_manager: true,
});

function SetupStatus() {
  const status = useSessionSelector((snapshot) => snapshot.context.session?.two_factor_auth.setup_status);
  return <output data-testid="session-status">{status}</output>;
}

/** The dialog in a signed-in session, with the session's 2FA status beside it. */
function renderSettings(logic: ReturnType<typeof testSessionLogic>, onClose: () => void) {
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <SessionContext.Provider
        logic={logic}
        options={{ input: { loginState: LoginState.LOGGED_IN, session, otpReminderPostponed: false } }}
      >
        <SettingsDialog isOpen onClose={onClose} />
        <SetupStatus />
      </SessionContext.Provider>
    </I18nextProvider>,
  );
}

describe('SettingsDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('generates, refuses a wrong code with Invalid OTP, activates with the right one and closes', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input as string;
      if (url.endsWith('/2fa')) return Promise.resolve(jsonResponse(200, { otpUri: OTP_URI, setupStatus: 2 }));
      const code = (JSON.parse(init?.body as string) as { otp_code: string }).otp_code;
      return Promise.resolve(
        code === '1234567'
          ? jsonResponse(200, { setupStatus: 3 })
          : jsonResponse(400, { error: ErrorCode.TWO_FACTOR_INVALID_OTP, message: 'Invalid OTP' }),
      );
    });
    const toasts: Notification[] = [];
    const subscription = notifications$.subscribe((toast) => toasts.push(toast));
    const onClose = vi.fn();
    const logic = testSessionLogic();

    renderSettings(logic, onClose);

    fireEvent.click(await screen.findByTestId(TestId.settings.generate));
    expect(await screen.findByTestId(TestId.settings.qr)).toBeTruthy();
    expect(screen.getByTestId(TestId.settings.otpUri).textContent).toBe(OTP_URI);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/2fa');

    const code = () => screen.getByTestId<HTMLInputElement>(TestId.settings.code);
    fireEvent.change(code(), { target: { value: '000000x0' } });
    expect(await screen.findByTestId(TestId.settings.error)).toBeTruthy();
    expect(screen.getByTestId(TestId.settings.error).textContent).toBe('Invalid OTP');
    expect(code().value).toBe('');

    fireEvent.change(code(), { target: { value: '1234567' } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts.map((toast) => [toast.message, toast.kind])).toEqual([
      ['Two-factor authentication activated', 'success'],
    ]);
    expect(screen.getByTestId('session-status').textContent).toBe(String(TwoFactorStatus.ACTIVE));
    subscription.unsubscribe();
  });

  it('opens Notifications from the navigation and comes back to a two-factor setup still in progress', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = input as string;
      if (url.endsWith('/notification_settings')) {
        return Promise.resolve(
          jsonResponse(200, {
            email_alarms: true,
            email_digest: false,
            locale: 'en-US',
            severity: 3,
            email_interval_minutes: null,
            default_interval_minutes: 5,
            severity_editable: false,
            email: 'operator@example.test',
            pending_email: null,
          }),
        );
      }
      return Promise.resolve(jsonResponse(200, { otpUri: OTP_URI, setupStatus: 2 }));
    });
    const onClose = vi.fn();
    renderSettings(testSessionLogic(), onClose);

    fireEvent.click(await screen.findByTestId(TestId.settings.generate));
    expect(await screen.findByTestId(TestId.settings.qr)).toBeTruthy();

    fireEvent.click(screen.getByTestId(TestId.settings.notificationsNav));
    expect(await screen.findByTestId(TestId.settings.emailAlarms)).toBeTruthy();
    expect(screen.getByTestId(TestId.settings.alarmSeverity).textContent).toContain('Critical');

    fireEvent.click(screen.getByTestId(TestId.settings.twoFactorNav));
    expect(screen.queryByTestId(TestId.settings.emailAlarms)).toBeNull();
    expect(screen.getByTestId(TestId.settings.otpUri).textContent).toBe(OTP_URI);

    // Cancelling still goes through the two-factor panel: the session learns the pending setup.
    fireEvent.click(screen.getByTestId(TestId.settings.cancel));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByTestId('session-status').textContent).toBe(String(TwoFactorStatus.PENDING));
  });
});
