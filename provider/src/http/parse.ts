import type { z } from 'zod';
import { ErrorCode } from '@halo/shared';
import { badRequest, missingValues } from './httpError.js';

function describe(error: z.ZodError): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const issue of error.issues.slice(0, 20)) {
    const path = issue.path.map(String).join('.') || '(body)';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Parses a request body with a shared schema; anything else is error 1 and changes nothing. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) throw missingValues('Required fields missing or invalid', describe(result.error));
  return result.data;
}

/** Parses query parameters; anything else is error 3. */
export function parseQuery<Schema extends z.ZodType>(schema: Schema, query: unknown): z.output<Schema> {
  const result = schema.safeParse(query);
  if (!result.success) throw badRequest(ErrorCode.BAD_QUERY_PARAMETER, 'Bad query parameter', describe(result.error));
  return result.data;
}
