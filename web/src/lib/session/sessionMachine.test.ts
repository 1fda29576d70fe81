import { ApiError, ErrorCode, LoginState, SessionEndReason, TwoFactorStatus, type LoginResponse } from '@halo/shared';
import { Subject } from 'rxjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor } from 'xstate';
import { loginStateOf, sessionMachine, shouldRemindOtp } from './sessionMachine';
import { SESSION_STORAGE_KEYS, loadStoredSession } from './sessionStore';

function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    token: { access_token: 'token-1', token_type: 'Bearer' },
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
    ...overrides,
  };
}

type WatchEvent = { type: 'session.end'; reason: SessionEndReason } | { type: 'session.unauthorized' };

function harness(
  options: {
    login?: () => Promise<LoginResponse>;
    verify?: (code: string) => Promise<LoginResponse>;
    logout?: () => Promise<unknown>;
  } = {},
) {
  const live = new Subject<WatchEvent>();
  const liveTokens: string[] = [];
  const logout = vi.fn(options.logout ?? (() => Promise.resolve({ ok: true })));
  const verify = vi.fn(options.verify ?? (() => Promise.resolve(loginResponse())));
  const machine = sessionMachine.provide({
    actors: {
      logIn: fromPromise(options.login ?? (() => Promise.resolve(loginResponse()))),
      verifyOtp: fromPromise(({ input }: { input: { otp_code: string } }) => verify(input.otp_code)),
      logOut: fromPromise(() => logout()),
      watchUnauthorized: fromEventObservable(() => new Subject<WatchEvent>()),
      watchLiveSession: fromEventObservable(({ input }: { input: { token: string } }) => {
        liveTokens.push(input.token);
        return live.asObservable();
      }),
    },
  });
  return { machine, live, liveTokens, logout, verify };
}

const credentials = { username: 'admin', password: 'Admin-Passw0rd!', environment_name: 'root' };

describe('sessionMachine', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts logged out without a stored session', () => {
    const actor = createActor(harness().machine, { input: loadStoredSession() }).start();
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
    expect(loginStateOf(actor.getSnapshot())).toBe(LoginState.NOT_LOGGED_IN);
  });

  it('logs in without 2FA straight to logged in (2) and persists the session', async () => {
    const { machine, liveTokens } = harness();
    const actor = createActor(machine, { input: loadStoredSession() }).start();
    actor.send({ type: 'session.login', credentials });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedIn'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('2');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEYS.token) ?? '{}')).toEqual({
      access_token: 'token-1',
      token_type: 'Bearer',
    });
    expect(liveTokens).toEqual(['token-1']);
  });

  it('keeps the login error and stays logged out when the login call fails', async () => {
    const refusal = new ApiError(400, {
      error: ErrorCode.LOGIN_LOCKED,
      message: 'x',
      fields: { remaining_attempts: 2 },
    });
    const actor = createActor(harness({ login: () => Promise.reject(refusal) }).machine, {
      input: loadStoredSession(),
    }).start();
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (snapshot) => snapshot.matches({ loggedOut: 'idle' }) && snapshot.context.loginError !== null);
    expect(actor.getSnapshot().context.loginError).toBe(refusal);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
  });

  it('with 2FA active waits in not verified (1) until a 7-digit code is accepted', async () => {
    const verified = loginResponse({
      token: { access_token: 'token-2', token_type: 'Bearer' },
      two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE },
      verified: true,
    });
    const { machine, verify, liveTokens } = harness({
      login: () =>
        Promise.resolve(loginResponse({ two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE }, verified: false })),
      verify: (code) =>
        code === '7654321'
          ? Promise.resolve(verified)
          : Promise.reject(new ApiError(400, { error: ErrorCode.TWO_FACTOR_INVALID_OTP, message: 'Invalid OTP' })),
    });
    const actor = createActor(machine, { input: loadStoredSession() }).start();
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (snapshot) => snapshot.hasTag('notVerified'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('1');
    expect(liveTokens).toEqual([]);

    actor.send({ type: 'session.otpChanged', code: '12ab' });
    expect(actor.getSnapshot().context.otpCode).toBe('12');
    actor.send({ type: 'session.otpChanged', code: '123456' });
    expect(verify).not.toHaveBeenCalled();
    actor.send({ type: 'session.otpChanged', code: '1234567' });
    await waitFor(actor, (snapshot) => snapshot.context.verifyError !== null);
    expect(actor.getSnapshot().hasTag('notVerified')).toBe(true);
    expect(actor.getSnapshot().context.otpCode).toBe('');

    actor.send({ type: 'session.otpChanged', code: '7654321' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedIn'));
    expect(actor.getSnapshot().context.session?.token.access_token).toBe('token-2');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('2');
    // The socket connects with the verified token.
    expect(liveTokens).toEqual(['token-2']);
  });

  it('clears the session on logout even when the logout call fails', async () => {
    const { machine, logout } = harness({ logout: () => Promise.reject(new Error('network down')) });
    const actor = createActor(machine, { input: loadStoredSession() }).start();
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedOut'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(actor.getSnapshot().context.endReason).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('0');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
  });

  it('remembers that the user logged out, until the next login, and not when the session ended by itself', async () => {
    const { machine, live } = harness();
    const actor = createActor(machine, { input: loadStoredSession() }).start();
    expect(actor.getSnapshot().context.loggedOutByUser).toBe(false);
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedOut'));
    expect(actor.getSnapshot().context.loggedOutByUser).toBe(true);
    actor.send({ type: 'session.login', credentials });
    expect(actor.getSnapshot().context.loggedOutByUser).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedIn'));
    live.next({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.loggedOutByUser).toBe(false);
  });

  it('ends the session with its reason when the socket says session.ended', async () => {
    const { machine, live } = harness();
    const actor = createActor(machine, { input: loadStoredSession() }).start();
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedIn'));
    live.next({ type: 'session.end', reason: SessionEndReason.EXPIRED });
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.endReason).toBe('expired');
    expect(loadStoredSession().loginState).toBe(LoginState.NOT_LOGGED_IN);
    actor.send({ type: 'session.endAcknowledged' });
    expect(actor.getSnapshot().context.endReason).toBeNull();
  });

  it('a 401 ends the session without a reason, so the user goes to login', async () => {
    const { machine, live } = harness();
    const actor = createActor(machine, { input: loadStoredSession() }).start();
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedIn'));
    live.next({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.endReason).toBeNull();
    expect(actor.getSnapshot().context.refusedByServer).toBe(true);
  });

  it('a reload restores the stored session and its state', async () => {
    const first = createActor(harness().machine, { input: loadStoredSession() }).start();
    first.send({ type: 'session.login', credentials });
    await waitFor(first, (snapshot) => snapshot.hasTag('loggedIn'));
    first.stop();
    const reloaded = createActor(harness().machine, { input: loadStoredSession() }).start();
    expect(reloaded.getSnapshot().hasTag('loggedIn')).toBe(true);
    expect(reloaded.getSnapshot().context.session?.name).toBe('Admin');
  });

  it('a tampered stored state counts as logged out', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEYS.isLoggedIn, '2');
    window.localStorage.setItem(SESSION_STORAGE_KEYS.session, '{"name": 5}');
    const actor = createActor(harness().machine, { input: loadStoredSession() }).start();
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
  });

  it('reminds a manager without active 2FA until postponed, and not after activation', async () => {
    const actor = createActor(harness().machine, { input: loadStoredSession() }).start();
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (snapshot) => snapshot.hasTag('loggedIn'));
    expect(shouldRemindOtp(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'session.otpReminderPostponed' });
    expect(shouldRemindOtp(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'session.twoFactorChanged', setupStatus: TwoFactorStatus.ACTIVE });
    expect(loadStoredSession().session?.two_factor_auth.setup_status).toBe(TwoFactorStatus.ACTIVE);
  });
});
