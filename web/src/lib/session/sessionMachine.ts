import {
  API,
  LoginState,
  TwoFactorStatus,
  isOtpCode,
  sanitizeOtpInput,
  type LoginRequest,
  type LoginResponse,
  type SessionEndReason,
  type Subject,
  type TwoFactorStatus as TwoFactorStatusValue,
} from '@halo/shared';
import { Observable, map, merge } from 'rxjs';
import { assign, fromEventObservable, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { api } from '../api';
import { liveChannel } from '../realtime';
import { clearStoredSession, saveSession, type StoredSession } from './sessionStore';

export interface SessionContext {
  readonly session: LoginResponse | null;
  readonly otpReminderPostponed: boolean;
  /** The last failed login, for the login screen to explain (spec section 8, Login). */
  readonly loginError: unknown;
  /** The one-time code being typed on the OTP verification screen. */
  readonly otpCode: string;
  readonly verifyError: unknown;
  /** Why the session ended when it ended by itself (socket `session.ended`); null after logout or 401. */
  readonly endReason: SessionEndReason | null;
  /** The server refused the session's token (a 401): the login screen says so. */
  readonly refusedByServer: boolean;
  /** The login state storage held at start-up; only the restoring step reads it. */
  readonly restoredLoginState: LoginState;
  /**
   * The session ended by the user's own logout: the page they were on is not an address to
   * come back to after the next login (returnTo.ts), however the route change and the end of
   * the session are ordered.
   */
  readonly loggedOutByUser: boolean;
}

export type SessionEvent =
  | { type: 'session.login'; credentials: LoginRequest }
  | { type: 'session.otpChanged'; code: string }
  | { type: 'session.logout' }
  | { type: 'session.end'; reason: SessionEndReason }
  | { type: 'session.unauthorized' }
  | { type: 'session.twoFactorChanged'; setupStatus: TwoFactorStatusValue }
  | { type: 'session.timeZoneChanged'; timeZone: string | null }
  | { type: 'session.otpReminderPostponed' }
  | { type: 'session.endAcknowledged' };

/** Events the live connection and the API client feed back into the session. */
type SessionWatchEvent = Extract<SessionEvent, { type: 'session.end' } | { type: 'session.unauthorized' }>;

export const logInActor = fromPromise<LoginResponse, LoginRequest>(({ input, signal }) =>
  api.call(API.auth.login, { body: input }, { signal }),
);

export const verifyOtpActor = fromPromise<LoginResponse, { otp_code: string }>(({ input, signal }) =>
  api.call(API.auth.verifyTwoFactor, { body: input }, { signal }),
);

export const logOutActor = fromPromise<unknown, void>(() => api.call(API.auth.logout, {}));

/** A 401 from any authenticated call ends the session (spec section 4). */
export const watchUnauthorizedActor = fromEventObservable<SessionWatchEvent, void>(() =>
  api.unauthorized$.pipe(map((): SessionWatchEvent => ({ type: 'session.unauthorized' }))),
);

/**
 * Holds the live socket open for the session's token and turns what it says about the
 * session into events: `session.ended` ends it, a refused handshake counts as a 401.
 * Stopping the actor (leaving the logged-in state) closes the socket.
 */
export const watchLiveSessionActor = fromEventObservable<SessionWatchEvent, { token: string }>(
  ({ input }) =>
    new Observable<SessionWatchEvent>((subscriber) => {
      liveChannel.connect(input.token);
      const subscription = merge(
        liveChannel.sessionEnded$.pipe(map(({ reason }): SessionWatchEvent => ({ type: 'session.end', reason }))),
        liveChannel.unauthorized$.pipe(map((): SessionWatchEvent => ({ type: 'session.unauthorized' }))),
      ).subscribe(subscriber);
      return () => {
        subscription.unsubscribe();
        liveChannel.disconnect();
      };
    }),
);

const LOGGED_OUT_CONTEXT = { session: null, otpReminderPostponed: false, otpCode: '', verifyError: null } as const;

function needsSecondFactor(response: LoginResponse): boolean {
  return response.two_factor_auth.setup_status === TwoFactorStatus.ACTIVE && !response.verified;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as StoredSession,
  },
  actors: {
    logIn: logInActor,
    verifyOtp: verifyOtpActor,
    logOut: logOutActor,
    watchUnauthorized: watchUnauthorizedActor,
    watchLiveSession: watchLiveSessionActor,
  },
  actions: {
    persist: ({ context }, params: { loginState: LoginState }) =>
      saveSession({
        loginState: params.loginState,
        session: context.session,
        otpReminderPostponed: context.otpReminderPostponed,
      }),
    clearStorage: () => clearStoredSession(),
    forgetSession: assign(LOGGED_OUT_CONTEXT),
  },
  guards: {
    restoredLoggedIn: ({ context }) => context.session !== null && context.restoredLoginState === LoginState.LOGGED_IN,
    restoredNotVerified: ({ context }) =>
      context.session !== null && context.restoredLoginState === LoginState.NOT_VERIFIED,
    otpComplete: ({ event }) => event.type === 'session.otpChanged' && isOtpCode(sanitizeOtpInput(event.code)),
  },
}).createMachine({
  id: 'session',
  /** Input: what storage holds at start-up (`loadStoredSession()`). */
  context: ({ input }) => ({
    session: input.session,
    otpReminderPostponed: input.otpReminderPostponed,
    loginError: null,
    otpCode: '',
    verifyError: null,
    endReason: null,
    refusedByServer: false,
    restoredLoginState: input.loginState,
    loggedOutByUser: false,
  }),
  initial: 'restoring',
  states: {
    /** A reload lands where the stored session left off. */
    restoring: {
      always: [
        { guard: 'restoredLoggedIn', target: 'loggedIn' },
        { guard: 'restoredNotVerified', target: 'notVerified' },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      tags: ['loggedOut'],
      entry: ['forgetSession', 'clearStorage'],
      initial: 'idle',
      on: {
        'session.endAcknowledged': { actions: assign({ endReason: null }) },
      },
      states: {
        idle: {
          on: { 'session.login': 'submitting' },
        },
        submitting: {
          tags: ['busy', 'loggingIn'],
          entry: assign({ loginError: null, endReason: null, refusedByServer: false, loggedOutByUser: false }),
          invoke: {
            src: 'logIn',
            input: ({ event }) => {
              if (event.type !== 'session.login') throw new Error('session.login expected');
              return event.credentials;
            },
            onDone: [
              {
                guard: ({ event }) => needsSecondFactor(event.output),
                target: '#session.notVerified',
                actions: assign({ session: ({ event }) => event.output }),
              },
              { target: '#session.loggedIn', actions: assign({ session: ({ event }) => event.output }) },
            ],
            onError: { target: 'idle', actions: assign({ loginError: ({ event }) => event.error }) },
          },
        },
      },
    },
    notVerified: {
      tags: ['notVerified'],
      entry: { type: 'persist', params: { loginState: LoginState.NOT_VERIFIED } },
      invoke: { src: 'watchUnauthorized' },
      initial: 'idle',
      on: {
        'session.logout': 'loggingOut',
        'session.unauthorized': { target: 'loggedOut', actions: assign({ refusedByServer: true }) },
        'session.end': { target: 'loggedOut', actions: assign({ endReason: ({ event }) => event.reason }) },
      },
      states: {
        idle: {
          on: {
            'session.otpChanged': [
              {
                guard: 'otpComplete',
                target: 'verifying',
                actions: assign({ otpCode: ({ event }) => sanitizeOtpInput(event.code), verifyError: null }),
              },
              { actions: assign({ otpCode: ({ event }) => sanitizeOtpInput(event.code) }) },
            ],
          },
        },
        verifying: {
          tags: ['busy', 'verifying'],
          invoke: {
            src: 'verifyOtp',
            input: ({ context }) => ({ otp_code: context.otpCode }),
            onDone: {
              target: '#session.loggedIn',
              actions: assign({ session: ({ event }) => event.output, otpCode: '' }),
            },
            // The field is cleared after every attempt (spec section 5).
            onError: { target: 'idle', actions: assign({ verifyError: ({ event }) => event.error, otpCode: '' }) },
          },
        },
      },
    },
    loggedIn: {
      tags: ['loggedIn'],
      entry: { type: 'persist', params: { loginState: LoginState.LOGGED_IN } },
      invoke: [
        { src: 'watchUnauthorized' },
        {
          src: 'watchLiveSession',
          input: ({ context }) => ({ token: context.session?.token.access_token ?? '' }),
        },
      ],
      on: {
        'session.logout': 'loggingOut',
        'session.unauthorized': { target: 'loggedOut', actions: assign({ refusedByServer: true }) },
        'session.end': { target: 'loggedOut', actions: assign({ endReason: ({ event }) => event.reason }) },
        'session.twoFactorChanged': {
          actions: [
            assign({
              session: ({ context, event }) =>
                context.session && {
                  ...context.session,
                  two_factor_auth: { setup_status: event.setupStatus },
                },
            }),
            { type: 'persist', params: { loginState: LoginState.LOGGED_IN } },
          ],
        },
        'session.timeZoneChanged': {
          actions: [
            assign({
              session: ({ context, event }) => context.session && { ...context.session, time_zone: event.timeZone },
            }),
            { type: 'persist', params: { loginState: LoginState.LOGGED_IN } },
          ],
        },
        'session.otpReminderPostponed': {
          actions: [
            assign({ otpReminderPostponed: true }),
            { type: 'persist', params: { loginState: LoginState.LOGGED_IN } },
          ],
        },
      },
    },
    /** The session is cleared whatever the logout call answers (spec section 4). */
    loggingOut: {
      tags: ['loggingOut', 'busy'],
      invoke: {
        src: 'logOut',
        onDone: { target: 'loggedOut', actions: assign({ loggedOutByUser: true }) },
        onError: { target: 'loggedOut', actions: assign({ loggedOutByUser: true }) },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The login state number of spec section 3 (0, 1, 2) the snapshot stands for. */
export function loginStateOf(snapshot: SessionSnapshot): LoginState {
  if (snapshot.hasTag('loggedIn')) return LoginState.LOGGED_IN;
  if (snapshot.hasTag('notVerified')) return LoginState.NOT_VERIFIED;
  return LoginState.NOT_LOGGED_IN;
}

/** Who asks, for `can()` and the menu. */
export function subjectOf(session: LoginResponse | null): Subject | null {
  if (!session) return null;
  return {
    environment_manager: session.environment_manager,
    permissions: session.permissions,
    enabled_feature_ids: session.enabled_feature_ids,
    realm_type: session.realm_type,
    allowed_device_ids: session.entities.devices,
    user_id: session.user_id,
  };
}

/** The OTP reminder: an environment manager whose 2FA is not active, until postponed. */
export function shouldRemindOtp(context: SessionContext): boolean {
  return (
    context.session !== null &&
    context.session.environment_manager &&
    context.session.two_factor_auth.setup_status !== TwoFactorStatus.ACTIVE &&
    !context.otpReminderPostponed
  );
}
