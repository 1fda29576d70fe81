import { errorDetailFor } from '@halo/shared';
import type { TFunction } from 'i18next';

/** A rule's problem as a form or the server names it: the rule's i18n key and its placeholders ({0}, {1}, ...). */
export interface RuleProblem {
  readonly key: string;
  readonly params?: readonly (string | number)[];
}

/**
 * The text of a shared validation problem. Rules name the field in their first parameter (or
 * carry none); the caller passes the field's translated label to show instead, so a user
 * reads "IP address 1 is invalid", never a path. Every further parameter fills its own
 * placeholder ({1}, {2}, ...): a range or a device name is never left blank.
 */
export function problemText(t: TFunction, problem: RuleProblem, fieldLabel: string): string {
  const [first, ...rest] = problem.params ?? [];
  const values: Record<number, string | number | undefined> = {
    0: first === undefined || typeof first === 'string' ? fieldLabel : first,
  };
  rest.forEach((value, index) => (values[index + 1] = value));
  return t(problem.key, values);
}

/** A refusal the server explained in full: its section 8 code, key and placeholders, and what a conflict names. */
export interface ServerProblem extends RuleProblem {
  readonly code: number;
  readonly fields?: Readonly<Record<string, unknown>>;
}

/**
 * The text of a refusal the server explained (an import report's row): the catalogue's
 * explaining line when the answer carries what it names (51: "A device with pairing id X
 * already exists: edge-1"), otherwise the code's or the rule's text.
 */
export function serverProblemText(t: TFunction, problem: ServerProblem, fieldLabel: string): string {
  const detail = errorDetailFor(problem.code, problem.fields);
  return detail ? t(detail.key, detail.params) : problemText(t, problem, fieldLabel);
}
