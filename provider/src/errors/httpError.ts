import {
  apiErrorBody,
  errorDetailFor,
  HTTP_ERRORS,
  outcomeOf,
  type ApiErrorBody,
  type ErrorCode,
  type HttpErrorKind,
} from '@halo/shared';

/** An answer in the spec's error format, thrown by handlers and rendered by one middleware. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** Seconds after which the same call may succeed (a Retry-After header), for a 503 or 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body.message);
    this.name = 'HttpError';
  }
}

export interface RefusalOptions {
  /** A message that says more than the catalogue's own. */
  readonly message?: string;
  /** A status the code is also sent with (its catalogue variant), e.g. 404 for "ID not found". */
  readonly status?: number;
  /** Sent as Retry-After: when the same call may be tried again. */
  readonly retryAfterSeconds?: number;
}

/**
 * A refusal with a section 8 code: the status and message come from the shared catalogue,
 * so no handler spells them; `fields` carries what the form marks. When the fields hold what
 * the code's detail names (51: the device holding the pairing id), the message says it.
 */
export function refuse(code: ErrorCode, fields?: Record<string, unknown>, options: RefusalOptions = {}): HttpError {
  const outcome = outcomeOf(code, options.status);
  const message = options.message ?? errorDetailFor(code, fields)?.message ?? outcome.message;
  return new HttpError(outcome.status, apiErrorBody(code, message, fields), options.retryAfterSeconds);
}

/** A refusal without a numeric code (403, 404, 500 ...), its status and message from the catalogue. */
export function refuseAs(kind: HttpErrorKind, message?: string, fields?: Record<string, unknown>): HttpError {
  const outcome = HTTP_ERRORS[kind];
  return new HttpError(outcome.status, apiErrorBody(kind, message ?? outcome.message, fields));
}

export const unauthorized = (reason?: string) => refuseAs('unauthorized', undefined, reason ? { reason } : undefined);

export const forbidden = (message?: string) => refuseAs('forbidden', message);

export const notFound = (message?: string) => refuseAs('notFound', message);
