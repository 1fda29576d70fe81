import { apiErrorBody, ErrorCode, HttpErrorKind, type ApiErrorBody } from '@halo/shared';

/** An answer in the spec's error format, thrown by handlers and rendered by one middleware. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: ErrorCode, message: string, fields?: Record<string, unknown>) =>
  new HttpError(400, apiErrorBody(code, message, fields));

export const missingValues = (message = 'Required fields missing', fields?: Record<string, unknown>) =>
  badRequest(ErrorCode.MISSING_VALUES, message, fields);

export const unauthorized = (reason?: string) =>
  new HttpError(
    401,
    apiErrorBody(HttpErrorKind.UNAUTHORIZED, 'Authentication required', reason ? { reason } : undefined),
  );

export const forbidden = (message = 'Insufficient permission level') =>
  new HttpError(403, apiErrorBody(HttpErrorKind.FORBIDDEN, message));

export const notFound = (message = 'Not found') => new HttpError(404, apiErrorBody(HttpErrorKind.NOT_FOUND, message));
