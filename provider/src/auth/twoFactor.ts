import { AuditResource, ErrorCode, TwoFactorStatus, auditDetail } from '@halo/shared';
import type { ProviderContext } from '../context.js';
import { refuse } from '../errors/httpError.js';
import type { UserRow } from '../store/schema.js';
import {
  checkLock,
  clearFailures,
  lockedMessage,
  OTP_ATTEMPTS,
  otpAttemptKey,
  recordFailure,
} from './loginAttempts.js';
import { auditSecurityEvent } from './sessions.js';
import { matchingStep } from './totp.js';

/**
 * Checks a one-time code against the user's secret: one step either side of now, and never a
 * step at or before the last accepted one (no replay). Records the step when it passes.
 */
export async function consumeOtp(context: ProviderContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.two_factor_secret) return false;
  const step = matchingStep(context.secrets.open(user.two_factor_secret), code, context.now());
  if (step === null || (user.two_factor_last_step !== null && step <= user.two_factor_last_step)) return false;
  // Conditional update: two concurrent requests with the same code cannot both win.
  const updated = await context.db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export type OtpVerdict =
  { readonly kind: 'accepted' } | { readonly kind: 'wrong' } | { readonly kind: 'locked'; readonly message: string };

/**
 * The one way a one-time code is checked (verify, activate, deactivate): wrong codes count
 * per user; past OTP_MAX_FAILURES every code, the right one included, is refused for
 * OTP_LOCK_MS and the lock is audited. A right code clears the count.
 */
export async function checkOtp(context: ProviderContext, user: UserRow, code: string): Promise<OtpVerdict> {
  const key = otpAttemptKey(user.id);
  const lock = await checkLock(context, key);
  if (lock.kind === 'locked') return { kind: 'locked', message: lockedMessage(lock.retryAfterMs) };
  if (await consumeOtp(context, user, code)) {
    await clearFailures(context, key);
    return { kind: 'accepted' };
  }
  const outcome = await recordFailure(context, key, OTP_ATTEMPTS);
  if (outcome.kind !== 'locked') return { kind: 'wrong' };
  await auditSecurityEvent(context, { user }, AuditResource.TWO_FACTOR, auditDetail('twoFactorLocked'));
  return { kind: 'locked', message: lockedMessage(outcome.retryAfterMs) };
}

export const invalidOtp = () => refuse(ErrorCode.TWO_FACTOR_INVALID_OTP);
export const twoFactorNotActive = () => refuse(ErrorCode.TWO_FACTOR_NOT_ACTIVE);

/** Back to inactive, secret dropped: used by deactivation and by a parent manager's reset. */
export async function resetTwoFactor(context: ProviderContext, userId: number): Promise<void> {
  await context.db
    .updateTable('users')
    .set({
      two_factor_status: TwoFactorStatus.INACTIVE,
      two_factor_secret: null,
      two_factor_last_step: null,
      updated_at: context.now(),
    })
    .where('id', '=', userId)
    .execute();
}
