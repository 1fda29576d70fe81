import { LOGIN_LOCK_MS, LOGIN_MAX_ATTEMPTS, OTP_LOCK_MS, OTP_MAX_FAILURES } from '@halo/shared';
import type { ProviderContext } from '../context.js';

/**
 * Failure counters with a lock-out, kept in `login_attempts` under a key per counted thing.
 *
 * Passwords (OWASP ASVS 5.0, 6.3.1 and 6.3.2: brute force is slowed, and an attacker cannot
 * lock a legitimate user out): failures count per account *and source address*. Five wrong
 * passwords from one address lock that address out of that account for 15 minutes, with the
 * spec's countdown ("2 attempts left"); the account's owner, coming from anywhere else, still
 * signs in. Guessing from many addresses is bounded by the gateway's per-address login rate
 * limit, and 2FA, which every manager must set up, stands behind a guessed password.
 *
 * One-time codes: failures count per user across verify, activate and deactivate; past
 * OTP_MAX_FAILURES even the right code is refused for OTP_LOCK_MS, and the lock is audited.
 */
export interface AttemptPolicy {
  readonly maxFailures: number;
  readonly lockMs: number;
  /** Failures before the countdown is shown. */
  readonly countdownFrom: number;
}

export const PASSWORD_ATTEMPTS: AttemptPolicy = {
  maxFailures: LOGIN_MAX_ATTEMPTS,
  lockMs: LOGIN_LOCK_MS,
  countdownFrom: LOGIN_MAX_ATTEMPTS - 2,
};

export const OTP_ATTEMPTS: AttemptPolicy = {
  maxFailures: OTP_MAX_FAILURES,
  lockMs: OTP_LOCK_MS,
  countdownFrom: OTP_MAX_FAILURES,
};

/**
 * A password counter's key: environment, username and source address, whether or not such
 * a user exists, so the countdown never reveals which usernames are real.
 */
export function loginAttemptKey(environmentName: string, username: string, source: string): string {
  return ['login', environmentName.toLowerCase(), username.toLowerCase(), source].join('\u001f');
}

/** A user's one-time code counter. */
export const otpAttemptKey = (userId: number) => `otp\u001f${userId}`;

export type AttemptVerdict = { readonly kind: 'locked'; readonly retryAfterMs: number } | { readonly kind: 'open' };

export async function checkLock(context: ProviderContext, key: string): Promise<AttemptVerdict> {
  const row = await context.db
    .selectFrom('login_attempts')
    .selectAll()
    .where('attempt_key', '=', key)
    .executeTakeFirst();
  const now = context.now();
  if (row?.locked_until != null && row.locked_until > now)
    return { kind: 'locked', retryAfterMs: row.locked_until - now };
  return { kind: 'open' };
}

export type FailureOutcome =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'countdown'; readonly remaining: number }
  | { readonly kind: 'locked'; readonly retryAfterMs: number };

export async function recordFailure(
  context: ProviderContext,
  key: string,
  policy: AttemptPolicy,
): Promise<FailureOutcome> {
  const now = context.now();
  return context.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('login_attempts').selectAll().where('attempt_key', '=', key).executeTakeFirst();
    const lockExpired = row?.locked_until != null && row.locked_until <= now;
    const failures = (row && !lockExpired ? row.failures : 0) + 1;
    const lockedUntil = failures >= policy.maxFailures ? now + policy.lockMs : null;
    await trx
      .insertInto('login_attempts')
      .values({ attempt_key: key, failures, locked_until: lockedUntil, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('attempt_key').doUpdateSet({ failures, locked_until: lockedUntil, updated_at: now }),
      )
      .execute();
    if (lockedUntil !== null) return { kind: 'locked', retryAfterMs: policy.lockMs };
    if (failures >= policy.countdownFrom) return { kind: 'countdown', remaining: policy.maxFailures - failures };
    return { kind: 'invalid' };
  });
}

export async function clearFailures(context: ProviderContext, key: string): Promise<void> {
  await context.db.deleteFrom('login_attempts').where('attempt_key', '=', key).execute();
}

export function lockedMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Account locked after too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
