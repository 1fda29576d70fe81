import { ApiError, messageKeyFor } from '@halo/shared';
import type { TFunction } from 'i18next';

/** What the user reads for any failure: the catalogue's message for the code, else the HTTP-level one. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (ApiError.is(error)) {
    if (error.status === 0) return t('errors.serviceUnavailable');
    return t(messageKeyFor(error.status, error.code), { message: error.body.message });
  }
  return t('errors.general');
}

/** The i18n key of a failure, for state that is translated later (machines keep keys, not text). */
export function errorMessageKey(error: unknown): string {
  if (ApiError.is(error))
    return error.status === 0 ? 'errors.serviceUnavailable' : messageKeyFor(error.status, error.code);
  return 'errors.general';
}
