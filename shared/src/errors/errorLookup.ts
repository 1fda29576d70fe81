/**
 * Reading the error catalogue (errorCatalogue.ts): which message, field, outcome and explaining
 * line an API answer's status and code mean. The catalogue declares; this module looks up.
 */
import {
  ERROR_CATALOGUE,
  ErrorCode,
  HTTP_ERRORS,
  HttpErrorKind,
  type CatalogueDetail,
  type Outcome,
} from './errorCatalogue.js';

/** Message keys of HTTP-level outcomes that carry no numeric code. */
export const HTTP_ERROR_MESSAGE_KEYS: Readonly<Record<HttpErrorKind, string>> = Object.fromEntries(
  Object.entries(HTTP_ERRORS).map(([kind, outcome]) => [kind, outcome.messageKey]),
) as Record<HttpErrorKind, string>;

/** The form field an error code concerns, if any. */
export function fieldOfErrorCode(code: unknown): string | undefined {
  return isErrorCode(code) ? ERROR_CATALOGUE[code].field : undefined;
}

/** The outcome a code means with the status it came with (its variant, or the code's own). */
export function outcomeOf(
  code: ErrorCode,
  status = ERROR_CATALOGUE[code].status,
): Outcome & { readonly status: number } {
  const entry = ERROR_CATALOGUE[code];
  const variant = entry.variants?.[status];
  return variant
    ? { ...variant, status }
    : { messageKey: entry.messageKey, message: entry.message, status: entry.status };
}

const KNOWN_CODES: ReadonlySet<number> = new Set(Object.values(ErrorCode));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'number' && KNOWN_CODES.has(value);
}

/**
 * The message key for an API answer: the numeric code's key (or its status variant) when
 * the body carries a known code, otherwise the HTTP-level key for the status.
 */
export function messageKeyFor(status: number, code?: unknown): string {
  if (isErrorCode(code)) {
    return outcomeOf(code, status).messageKey;
  }
  return HTTP_ERROR_MESSAGE_KEYS[httpErrorKindFor(status)];
}

export interface ErrorDetail {
  readonly key: string;
  /** The named fields' values, by their last path part (`ports.from` → `from`). */
  readonly params: Readonly<Record<string, string | number>>;
  /** The catalogue's English sentence with the params filled, when it has one. */
  readonly message?: string;
}

function detailParams(
  detail: CatalogueDetail,
  fields: Readonly<Record<string, unknown>>,
): Record<string, string | number> | null {
  const params: Record<string, string | number> = {};
  for (const path of detail.fields) {
    let value: unknown = fields;
    for (const part of path.split('.')) {
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    params[path.split('.').at(-1) ?? path] = value;
  }
  return params;
}

/** The explaining line of an answer, when its code has one and the answer carries its fields. */
export function errorDetailFor(
  code: unknown,
  fields: Readonly<Record<string, unknown>> | undefined,
): ErrorDetail | null {
  if (!isErrorCode(code) || !fields) return null;
  const detail = ERROR_CATALOGUE[code].detail;
  const details: readonly CatalogueDetail[] = detail === undefined ? [] : 'key' in detail ? [detail] : detail;
  for (const candidate of details) {
    const params = detailParams(candidate, fields);
    if (!params) continue;
    if (candidate.message === undefined) return { key: candidate.key, params };
    const message = candidate.message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
    return { key: candidate.key, params, message };
  }
  return null;
}

export function httpErrorKindFor(status: number): HttpErrorKind {
  if (status === 401) return HttpErrorKind.UNAUTHORIZED;
  if (status === 403) return HttpErrorKind.FORBIDDEN;
  if (status === 404) return HttpErrorKind.NOT_FOUND;
  if (status === 429) return HttpErrorKind.TOO_MANY_REQUESTS;
  if (status === 500) return HttpErrorKind.INTERNAL;
  if (status === 502 || status === 503 || status === 504) return HttpErrorKind.SERVICE_UNAVAILABLE;
  return HttpErrorKind.GENERAL;
}
