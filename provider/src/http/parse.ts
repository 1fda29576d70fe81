import type { z } from 'zod';
import { ErrorCode, issueProblem } from '@halo/shared';
import { refuse } from '../errors/httpError.js';

/**
 * Each refused field by dotted path with the section 5 key of its problem
 * (`validation.invalidCharacters`, ...), so a form can show the field's own message.
 */
function describe(error: z.ZodError): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const issue of error.issues.slice(0, 20)) {
    const path = issue.path.map(String).join('.') || '(body)';
    fields[path] ??= issueProblem(issue).key;
  }
  return fields;
}

/** Parses a request body with a shared schema; anything else is error 1 and changes nothing. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const fields = describe(result.error);
    // A password that breaks only the password rule is error 32, as section 8 names it.
    const onlyPassword = result.error.issues.every(
      (issue) => issue.path.at(-1) === 'password' && issue.message === 'validation.password',
    );
    if (onlyPassword) throw refuse(ErrorCode.PASSWORD_NOT_VALID, fields);
    throw refuse(ErrorCode.MISSING_VALUES, fields, { message: 'Required fields missing or invalid' });
  }
  return result.data;
}

/** Parses query parameters; anything else is error 3. */
export function parseQuery<Schema extends z.ZodType>(schema: Schema, query: unknown): z.output<Schema> {
  const result = schema.safeParse(query);
  if (!result.success) throw refuse(ErrorCode.BAD_QUERY_PARAMETER, describe(result.error));
  return result.data;
}

/** Parses a path parameter that is not an id (a reset token); anything else is error 1. */
export function parseParam(schema: z.ZodType, raw: unknown): unknown {
  const result = schema.safeParse(raw);
  if (!result.success) throw refuse(ErrorCode.MISSING_VALUES, describe(result.error));
  return result.data;
}
