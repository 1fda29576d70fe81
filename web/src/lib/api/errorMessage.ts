import {
  ApiError,
  errorDetailFor,
  HTTP_ERROR_MESSAGE_KEYS,
  HttpErrorKind,
  messageKeyFor,
  type ErrorDetail,
} from '@halo/shared';
import type { TFunction } from 'i18next';

/** 403 kinds with their own message (spec section 8: the device update and delete refusals). */
const OWN_MESSAGE_KINDS: ReadonlySet<unknown> = new Set([
  HttpErrorKind.DEVICE_UPDATE_FORBIDDEN,
  HttpErrorKind.DEVICE_DELETE_FORBIDDEN,
]);

function keyOf(error: ApiError): string {
  if (error.status === 0) return 'errors.serviceUnavailable';
  if (OWN_MESSAGE_KINDS.has(error.code)) return HTTP_ERROR_MESSAGE_KEYS[error.code as HttpErrorKind];
  return messageKeyFor(error.status, error.code);
}

/** What the user reads for any failure: the catalogue's message for the code, else the HTTP-level one. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (ApiError.is(error)) return t(keyOf(error), { message: error.body.message });
  return t('errors.general');
}

/** The i18n key of a failure, for state that is translated later (machines keep keys, not text). */
export function errorMessageKey(error: unknown): string {
  return ApiError.is(error) ? keyOf(error) : 'errors.general';
}

/** The key and values of the line that explains a refusal, for state that is translated later. */
export function errorDetailOf(error: unknown): ErrorDetail | null {
  return ApiError.is(error) ? errorDetailFor(error.body.error, error.body.fields) : null;
}

/** The second line that explains a refusal (the catalogue's detail, e.g. which devices hold a version), if any. */
export function errorDetail(t: TFunction, error: unknown): string | null {
  const detail = errorDetailOf(error);
  return detail ? t(detail.key, detail.params) : null;
}
