import { LoginState, TwoFactorStatus, type LoginResponse, type SessionEndReason } from '@halo/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { Subject, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { createI18n } from '../lib/i18n/i18n';
import { SessionContext, sessionMachine, type StoredSession } from '../lib/session';
import { TimeZoneProvider } from '../lib/time-zone';

/** What the session machine watches for: the API's 401s and the live socket's session.ended. */
export type SessionWatchEvent = { type: 'session.end'; reason: SessionEndReason } | { type: 'session.unauthorized' };

/** A login answer for component tests: Dana, an ordinary user of environment 2 without permissions. */
export function testSession(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    token: { access_token: 'token', token_type: 'Bearer' },
    name: 'Dana',
    user_id: 7,
    environment_id: 2,
    environment_name: 'fleet-north',
    parent_environment_id: 1,
    environment_manager: false,
    permissions: [],
    enabled_feature_ids: [],
    entities: { devices: [] },
    two_factor_auth: { setup_status: TwoFactorStatus.INACTIVE },
    verified: true,
    realm_type: 1,
    ...overrides,
  };
}

/** A stored, logged-in session state for the session machine's input. */
export const signedIn = (overrides: Partial<LoginResponse> = {}): StoredSession => ({
  loginState: LoginState.LOGGED_IN,
  session: testSession(overrides),
  otpReminderPostponed: false,
});

/** A JSON answer for a mocked fetch. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The session machine with no network of its own: log in and verify refuse, logout succeeds. */
export function testSessionLogic(liveSession$: Observable<SessionWatchEvent> = new Subject<SessionWatchEvent>()) {
  return sessionMachine.provide({
    actors: {
      logIn: fromPromise(() => Promise.reject(new Error('not in this test'))),
      verifyOtp: fromPromise(() => Promise.reject(new Error('not in this test'))),
      logOut: fromPromise((): Promise<unknown> => Promise.resolve({ ok: true })),
      watchUnauthorized: fromEventObservable(() => new Subject<SessionWatchEvent>()),
      watchLiveSession: fromEventObservable(() => liveSession$),
    },
  });
}

/** Renders `ui` in en-US for a session (logged in as `testSession(overrides)` unless given) and its time zone, inside a memory router. */
export function renderWithSession(
  ui: ReactNode,
  session: StoredSession = signedIn(),
  logic = testSessionLogic(),
  locale: 'en-US' | 'he-IL' = 'en-US',
): ReturnType<typeof render> {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <SessionContext.Provider logic={logic} options={{ input: session }}>
        <TimeZoneProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </TimeZoneProvider>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
}
