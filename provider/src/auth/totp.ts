import { Secret, TOTP } from 'otpauth';
import { OTP_LENGTH, OTP_PERIOD_SECONDS, OTP_WINDOW_STEPS } from '@halo/shared';

const ISSUER = 'Halo Console';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: OTP_LENGTH,
    period: OTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function provisioningUri(secret: string, label: string): string {
  return totpFor(secret, label).toString();
}

/**
 * The time step the code belongs to, within one step either side of now, or null. Callers
 * refuse a step at or before the last one accepted, so a code is never used twice.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret, 'check').validate({ token: code, timestamp: now, window: OTP_WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(now / 1000 / OTP_PERIOD_SECONDS) + delta;
}
