import { LOGIN_LOCK_MS, LOGIN_MAX_ATTEMPTS } from '@halo/shared';
import type { ProviderContext } from '../context.js';

/** Failures before the countdown is shown ("2 attempts left", "1 attempt left"). */
const COUNTDOWN_FROM = LOGIN_MAX_ATTEMPTS - 2;

/**
 * Keyed by environment and username whether or not such a user exists, so the countdown
 * never reveals which usernames are real.
 */
export function attemptKey(environmentName: string, username: string): string {
  return `${environmentName.toLowerCase()}\u001f${username.toLowerCase()}`;
}

export type AttemptVerdict =
  | { readonly kind: 'locked'; readonly retryAfterMs: number }
  | { readonly kind: 'open' };

export async function checkLock(context: ProviderContext, key: string): Promise<AttemptVerdict> {
  const row = await context.db.selectFrom('login_attempts').selectAll().where('attempt_key', '=', key).executeTakeFirst();
  const now = context.now();
  if (row?.locked_until != null && row.locked_until > now) return { kind: 'locked', retryAfterMs: row.locked_until - now };
  return { kind: 'open' };
}

export type FailureOutcome =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'countdown'; readonly remaining: number }
  | { readonly kind: 'locked'; readonly retryAfterMs: number };

export async function recordFailure(context: ProviderContext, key: string): Promise<FailureOutcome> {
  const now = context.now();
  return context.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('login_attempts').selectAll().where('attempt_key', '=', key).executeTakeFirst();
    const lockExpired = row?.locked_until != null && row.locked_until <= now;
    const failures = (row && !lockExpired ? row.failures : 0) + 1;
    const lockedUntil = failures >= LOGIN_MAX_ATTEMPTS ? now + LOGIN_LOCK_MS : null;
    await trx
      .insertInto('login_attempts')
      .values({ attempt_key: key, failures, locked_until: lockedUntil, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('attempt_key').doUpdateSet({ failures, locked_until: lockedUntil, updated_at: now }),
      )
      .execute();
    if (lockedUntil !== null) return { kind: 'locked', retryAfterMs: LOGIN_LOCK_MS };
    if (failures >= COUNTDOWN_FROM) return { kind: 'countdown', remaining: LOGIN_MAX_ATTEMPTS - failures };
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
