import type { ValidationProblem } from '@halo/shared';
import type { TFunction } from 'i18next';

/**
 * The text of a shared validation problem. Rules name the field in their first parameter;
 * the caller passes the field's translated label to show instead.
 */
export function problemText(t: TFunction, problem: ValidationProblem, fieldLabel: string): string {
  const [first, second] = problem.params;
  return t(problem.key, { 0: typeof first === 'string' ? fieldLabel : first, 1: second });
}
