import { ApiError, ErrorCode } from '@halo/shared';
import type { TFunction } from 'i18next';

/**
 * The login screen's own reading of a failed login (spec section 8, Login): on a 400,
 * code 1 is wrong credentials, 10 counts down the attempts left, 33 carries the server's
 * words; anything else is 'Login failed'.
 */
export function loginErrorText(t: TFunction, error: unknown): string {
  if (ApiError.is(error) && error.status === 400) {
    if (error.code === ErrorCode.MISSING_VALUES) return t('login.errors.invalidCredentials');
    if (error.code === ErrorCode.LOGIN_LOCKED) {
      const remaining = Number(error.body.fields?.remaining_attempts);
      return Number.isInteger(remaining) && remaining >= 0
        ? t('errors.incorrectCredentialsAttempts', { count: remaining })
        : t('login.errors.invalidCredentials');
    }
    if (error.code === ErrorCode.LOGIN_REFUSED) return error.body.message || t('errors.loginFailed');
  }
  return t('errors.loginFailed');
}
