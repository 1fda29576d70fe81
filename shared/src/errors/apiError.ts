import { z } from 'zod';
import { HttpErrorKind, type ErrorCode } from './errorCatalogue.js';

/**
 * The spec's error format: `{ error, message, fields? }`. `error` is the numeric code of
 * section 8 when there is one; HTTP-level refusals (401, 403, 500) carry a kind instead.
 */
export const ApiErrorBodySchema = z.object({
  error: z.union([z.number().int(), z.string()]),
  message: z.string(),
  fields: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export interface FieldProblem {
  /** Dotted path of the offending field, e.g. `user.password`. */
  readonly path: string;
  /** i18n key of the rule that failed. */
  readonly key: string;
  readonly params?: readonly (string | number)[];
}

export function apiErrorBody(
  error: ErrorCode | HttpErrorKind,
  message: string,
  fields?: Record<string, unknown>,
): ApiErrorBody {
  return fields ? { error, message, fields } : { error, message };
}

/** A typed error thrown by API clients and by provider handlers alike. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): number | string {
    return this.body.error;
  }

  static is(value: unknown): value is ApiError {
    return value instanceof ApiError;
  }
}

export const FORBIDDEN_KINDS = [
  HttpErrorKind.FORBIDDEN,
  HttpErrorKind.DEVICE_UPDATE_FORBIDDEN,
  HttpErrorKind.DEVICE_DELETE_FORBIDDEN,
  HttpErrorKind.INSUFFICIENT_PERMISSION,
] as const;
