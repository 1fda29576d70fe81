import type { z } from 'zod';
import type { FieldProblem } from '../errors/apiError.js';
import { ValidationKey, type Rule } from './rules.js';

/**
 * Turns a section 5 rule into a zod refinement whose issue message is the rule's i18n key,
 * with the params kept on the issue, so API errors name the same rule the form showed.
 */
export function ruleCheck<T>(rule: Rule<T>, field: string) {
  return (value: T, context: z.RefinementCtx) => {
    const found = rule(value, field);
    if (found) {
      context.addIssue({ code: 'custom', message: found.key, params: { params: found.params } });
    }
  };
}

const VALIDATION_KEYS: ReadonlySet<string> = new Set(Object.values(ValidationKey));

function paramsOf(issue: z.core.$ZodIssue): readonly (string | number)[] | undefined {
  const carried = (issue as { params?: { params?: unknown } }).params?.params;
  if (!Array.isArray(carried)) return undefined;
  return carried.filter((param): param is string | number => typeof param === 'string' || typeof param === 'number');
}

/**
 * Whether an invalid_type issue is about a missing value. Issues carry their input only when
 * parsed with `{ reportInput: true }`; otherwise zod's built-in message names what it received.
 */
function isMissing(issue: z.core.$ZodIssue): boolean {
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  return /received (undefined|null)$/.test(issue.message);
}

/**
 * The validation key and params of any zod issue: the rule's own key when a schema set one,
 * otherwise the section 5 message closest to zod's built-in check, so every refusal can be
 * shown with a translated message.
 */
export function issueProblem(issue: z.core.$ZodIssue): Omit<FieldProblem, 'path'> {
  const field = String(issue.path.at(-1) ?? '');
  if (VALIDATION_KEYS.has(issue.message)) {
    const params = paramsOf(issue);
    return params ? { key: issue.message, params } : { key: issue.message };
  }
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue)
        ? { key: ValidationKey.REQUIRED, params: [field] }
        : { key: ValidationKey.INVALID, params: [field] };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: ValidationKey.MAX_LENGTH, params: [Number(issue.maximum)] }
        : { key: ValidationKey.NOT_EXCEED, params: [Number(issue.maximum)] };
    case 'too_small':
      if ((issue.origin === 'string' || issue.origin === 'array') && Number(issue.minimum) === 1) {
        return { key: ValidationKey.REQUIRED, params: [field] };
      }
      return { key: ValidationKey.AT_LEAST, params: [Number(issue.minimum)] };
    case 'unrecognized_keys':
      return { key: ValidationKey.INVALID, params: issue.keys };
    default:
      return { key: ValidationKey.INVALID, params: [field] };
  }
}

/** Every issue of a zod error as a FieldProblem (dotted path, key, params), at most `limit`. */
export function fieldProblems(error: z.ZodError, limit = 50): FieldProblem[] {
  return error.issues
    .slice(0, limit)
    .map((issue) => ({ path: issue.path.map(String).join('.'), ...issueProblem(issue) }));
}
