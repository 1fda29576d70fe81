import { LoginState, TwoFactorStatus, type LoginResponse } from '@halo/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEYS, clearStoredSession, currentToken, loadStoredSession, saveSession } from './sessionStore';

const response: LoginResponse = {
  token: { access_token: 'mine', token_type: 'Bearer' },
  name: 'Admin',
  user_id: 1,
  environment_id: 1,
  environment_name: 'root',
  parent_environment_id: null,
  environment_manager: true,
  permissions: [],
  enabled_feature_ids: [],
  entities: { devices: [] },
  two_factor_auth: { setup_status: TwoFactorStatus.INACTIVE },
  verified: true,
  realm_type: 1,
};

describe('sessionStore', () => {
  beforeEach(() => {
    clearStoredSession();
    window.localStorage.clear();
  });

  it('persists isLoggedIn, token and the login response, and reads them back', () => {
    saveSession({ loginState: LoginState.LOGGED_IN, session: response, otpReminderPostponed: true });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('2');
    expect(loadStoredSession()).toEqual({
      loginState: LoginState.LOGGED_IN,
      session: response,
      otpReminderPostponed: true,
    });
  });

  it("keeps this tab's token when another tab writes a different one, and leaves that session alone", () => {
    saveSession({ loginState: LoginState.LOGGED_IN, session: response, otpReminderPostponed: false });
    window.localStorage.setItem(
      SESSION_STORAGE_KEYS.token,
      JSON.stringify({ access_token: 'theirs', token_type: 'Bearer' }),
    );
    expect(currentToken()?.access_token).toBe('mine');
    clearStoredSession();
    expect(currentToken()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('2');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toContain('theirs');
  });

  it('clears its own session', () => {
    saveSession({ loginState: LoginState.LOGGED_IN, session: response, otpReminderPostponed: false });
    clearStoredSession();
    expect(currentToken()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('0');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
  });

  it('counts a state without a token or with an unknown number as logged out', () => {
    saveSession({ loginState: LoginState.NOT_VERIFIED, session: response, otpReminderPostponed: false });
    window.localStorage.removeItem(SESSION_STORAGE_KEYS.token);
    expect(loadStoredSession().loginState).toBe(LoginState.NOT_LOGGED_IN);
    window.localStorage.setItem(SESSION_STORAGE_KEYS.isLoggedIn, '7');
    expect(loadStoredSession().session).toBeNull();
  });
});
