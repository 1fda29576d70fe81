import { LoginState, Permission, TestId, TwoFactorStatus, type LoginResponse } from '@halo/shared';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Subject } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n/i18n';
import { SessionContext, type StoredSession } from '../lib/session';
import { testDevice } from '../testing/deviceFixtures';
import { jsonResponse, signedIn, testSessionLogic, type SessionWatchEvent } from '../testing/sessionHarness';
import { APP_ROUTES } from './routes';

function renderAt(path: string, stored: StoredSession) {
  const live = new Subject<SessionWatchEvent>();
  const logic = testSessionLogic(live);
  const router = createMemoryRouter(APP_ROUTES, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <SessionContext.Provider logic={logic} options={{ input: stored }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  return { router, live };
}

const loggedOut: StoredSession = { loginState: LoginState.NOT_LOGGED_IN, session: null, otpReminderPostponed: false };
// The guard's cases need 2FA settled: an active second factor, verified at login.
const loggedIn = (overrides: Partial<LoginResponse> = {}): StoredSession =>
  signedIn({ name: 'Dana Operator', two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE }, ...overrides });

describe('routes and navigation guard', () => {
  beforeEach(() => {
    // No network: the top bar's alarm bell (a manager may view alarms) asks for the user's notification settings.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { email_alarms: true, email_digest: false, locale: 'en-US', severity: 3 })),
    );
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('sends a visitor without a session from the app to login', async () => {
    const { router } = renderAt('/config/devices', loggedOut);
    expect(await screen.findByTestId(TestId.login.form)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('renders the not-found page with a link home for unknown paths', async () => {
    renderAt('/no/such/page', loggedOut);
    expect(await screen.findByTestId(TestId.notFound.page)).toBeTruthy();
    expect(screen.getByTestId(TestId.notFound.homeLink).getAttribute('href')).toBe('/');
  });

  it('holds a session waiting for its second factor on the OTP page, whatever the route', async () => {
    const { router } = renderAt('/config/users', { ...loggedIn(), loginState: LoginState.NOT_VERIFIED });
    expect(await screen.findByTestId(TestId.otp.form)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/otp-verification');
  });

  it('tells a user without the view permission so, and names the page', async () => {
    renderAt('/config/users', loggedIn());
    expect(await screen.findByTestId(TestId.shell.notPermitted)).toBeTruthy();
    expect(screen.getByTestId(TestId.shell.notPermitted).textContent).toContain(
      'You are not permitted to view this page, contact your environment manager',
    );
    expect(screen.getByTestId(TestId.shell.pageTitle).textContent).toBe('Users');
  });

  it('refuses HeatSight to a manager whose environment lacks the feature', async () => {
    renderAt('/services/heatsight', loggedIn({ environment_manager: true, enabled_feature_ids: [] }));
    expect(await screen.findByTestId(TestId.shell.notPermitted)).toBeTruthy();
    expect(screen.getByTestId(TestId.shell.pageTitle).textContent).toBe('HeatSight');
  });

  it('opens a device’s page under Devices, titled with the device’s name', async () => {
    vi.mocked(globalThis.fetch).mockImplementation((input) => {
      const url = typeof input === 'string' ? input : '';
      if (url.includes('/devices?devices=7'))
        return Promise.resolve(jsonResponse(200, { devices: [testDevice({ latest_location: null })] }));
      if (url.includes('/devices/')) return Promise.resolve(jsonResponse(404, { error: 'notFound', message: 'none' }));
      return Promise.resolve(
        jsonResponse(200, { email_alarms: true, email_digest: false, locale: 'en-US', severity: 3 }),
      );
    });
    renderAt('/config/devices/7', loggedIn({ environment_manager: true }));
    expect(await screen.findByTestId(TestId.devicePage.page, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId(TestId.shell.pageTitle).textContent).toBe('gate-north'));
    expect(document.title).toContain('gate-north');
  });

  it('refuses a device’s page and the reports to a user who may not view devices', async () => {
    renderAt('/config/devices/7', loggedIn({ permissions: [Permission.USERS_VIEW] }));
    expect(await screen.findByTestId(TestId.shell.notPermitted)).toBeTruthy();
    expect(screen.getByTestId(TestId.shell.pageTitle).textContent).toBe('Device');
    expect(screen.getByTestId(TestId.shell.menuItem('reports')).getAttribute('aria-disabled')).toBe('true');
  });

  it('disables the menu items the user may not view', async () => {
    renderAt('/', loggedIn({ permissions: [30] }));
    await screen.findByTestId(TestId.shell.drawer);
    const users = screen.getByTestId(TestId.shell.menuItem('users'));
    const devices = screen.getByTestId(TestId.shell.menuItem('devices'));
    expect(users.getAttribute('aria-disabled')).not.toBe('true');
    expect(devices.getAttribute('aria-disabled')).toBe('true');
  });

  it('goes to session expired with the reason when the socket ends the session', async () => {
    const { router, live } = renderAt('/', loggedIn());
    await screen.findByTestId(TestId.shell.topBar);
    act(() => live.next({ type: 'session.end', reason: 'replaced' }));
    expect(await screen.findByTestId(TestId.sessionExpired.page)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/session-expired');
    expect(screen.getByTestId(TestId.sessionExpired.reason).textContent).toContain('another session');
  });
});
