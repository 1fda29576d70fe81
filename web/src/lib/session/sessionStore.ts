import { AccessTokenSchema, LoginResponseSchema, LoginState, type AccessToken, type LoginResponse } from '@halo/shared';

/** localStorage keys of the session (spec section 3): a reload keeps the session. */
export const SESSION_STORAGE_KEYS = {
  isLoggedIn: 'isLoggedIn',
  token: 'token',
  session: 'session',
  otpReminderPostponed: 'otpReminderPostponed',
} as const;

export interface StoredSession {
  readonly loginState: LoginState;
  readonly session: LoginResponse | null;
  readonly otpReminderPostponed: boolean;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function loadStoredToken(): AccessToken | null {
  const parsed = AccessTokenSchema.safeParse(readJson(SESSION_STORAGE_KEYS.token));
  return parsed.success ? parsed.data : null;
}

/**
 * This tab's token: read from storage once, then kept in step by saveSession and
 * clearStoredSession, so another tab logging in as someone else never changes whose
 * token this tab sends.
 */
let tabToken: AccessToken | null | undefined;

export function currentToken(): AccessToken | null {
  if (tabToken === undefined) tabToken = loadStoredToken();
  return tabToken;
}

/** What a reload finds; anything half-written or tampered with counts as logged out. */
export function loadStoredSession(): StoredSession {
  const loggedOut: StoredSession = { loginState: LoginState.NOT_LOGGED_IN, session: null, otpReminderPostponed: false };
  const state = Number(storage()?.getItem(SESSION_STORAGE_KEYS.isLoggedIn) ?? '0');
  if (state !== LoginState.NOT_VERIFIED && state !== LoginState.LOGGED_IN) return loggedOut;
  const parsed = LoginResponseSchema.safeParse(readJson(SESSION_STORAGE_KEYS.session));
  if (!parsed.success || !loadStoredToken()) return loggedOut;
  return {
    loginState: state,
    session: parsed.data,
    otpReminderPostponed: storage()?.getItem(SESSION_STORAGE_KEYS.otpReminderPostponed) === 'true',
  };
}

export function saveSession(stored: StoredSession): void {
  if (!stored.session || stored.loginState === LoginState.NOT_LOGGED_IN) {
    clearStoredSession();
    return;
  }
  tabToken = stored.session.token;
  const target = storage();
  if (!target) return;
  target.setItem(SESSION_STORAGE_KEYS.isLoggedIn, String(stored.loginState));
  target.setItem(SESSION_STORAGE_KEYS.token, JSON.stringify(stored.session.token));
  target.setItem(SESSION_STORAGE_KEYS.session, JSON.stringify(stored.session));
  target.setItem(SESSION_STORAGE_KEYS.otpReminderPostponed, String(stored.otpReminderPostponed));
}

export function clearStoredSession(): void {
  const mine = currentToken();
  tabToken = null;
  const target = storage();
  if (!target) return;
  // Another tab logged in since: its session is not ours to clear.
  const stored = loadStoredToken();
  if (mine && stored && stored.access_token !== mine.access_token) return;
  target.setItem(SESSION_STORAGE_KEYS.isLoggedIn, String(LoginState.NOT_LOGGED_IN));
  target.removeItem(SESSION_STORAGE_KEYS.token);
  target.removeItem(SESSION_STORAGE_KEYS.session);
  target.removeItem(SESSION_STORAGE_KEYS.otpReminderPostponed);
}
