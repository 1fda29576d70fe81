import type { z } from 'zod';
import type { Rule } from './rules.js';

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
