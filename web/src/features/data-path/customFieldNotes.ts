import {
  CUSTOM_DIRECTIVES,
  customRowProblems,
  duplicateCustomKeys,
  isCustomKeyAllowed,
  ValidationKey,
  type CustomArgumentUnit,
  type CustomField,
} from '@halo/shared';
import type { TFunction } from 'i18next';

/** What a custom row shows under it: the first problem the shared rules find with it. */
export type CustomFieldNote =
  | { readonly kind: 'notAllowed'; readonly key: string }
  | { readonly kind: 'duplicate'; readonly key: string }
  | { readonly kind: 'conflict'; readonly key: string; readonly others: readonly string[] }
  | { readonly kind: 'value'; readonly key: string };

/**
 * Each row's note, by the same shared rules the provider answers with (error 83 for a key off
 * the list, 82 for a key named twice, a field problem for a value its key does not take or a
 * key OpenVPN refuses beside another). Keys are compared trimmed, as the schema saves them.
 */
export function customFieldNotes(rows: readonly CustomField[]): (CustomFieldNote | null)[] {
  const trimmed = rows.map((row) => ({ key_name: row.key_name.trim(), key_value: row.key_value.trim() }));
  const duplicates = new Set(duplicateCustomKeys(trimmed.filter((row) => row.key_name !== '')));
  const problems = customRowProblems(trimmed);
  const keys = trimmed.map((row) => row.key_name);
  return trimmed.map(({ key_name: key }, index) => {
    if (key === '') return null;
    if (!isCustomKeyAllowed(key)) return { kind: 'notAllowed', key };
    if (duplicates.has(key)) return { kind: 'duplicate', key };
    const problem = problems.find((found) => found.index === index);
    if (problem?.problem.key === ValidationKey.CUSTOM_CONFLICT) {
      const others = CUSTOM_DIRECTIVES.get(key)?.conflictsWith?.filter((other) => keys.includes(other)) ?? [];
      return { kind: 'conflict', key, others };
    }
    return problem ? { kind: 'value', key } : null;
  });
}

const UNIT_KEYS: Readonly<Record<CustomArgumentUnit, string>> = {
  seconds: 'dataPath.profiles.custom.units.seconds',
  bytes: 'dataPath.profiles.custom.units.bytes',
  count: 'dataPath.profiles.custom.units.count',
  level: 'dataPath.profiles.custom.units.level',
};

/** Rules between a directive's arguments, said in words. */
const RULE_KEYS: Readonly<Record<string, string>> = {
  keepalive: 'dataPath.profiles.custom.rules.keepalive',
};

/**
 * How an allowed key is written, in OpenVPN's own notation with the units translated:
 * `ping <0–86400 seconds>`, `connect-retry <0–86400 seconds> [<0–86400 seconds>]`. Null for
 * a key that takes no value.
 */
export function customUsage(t: TFunction, key: string): string | null {
  const directive = CUSTOM_DIRECTIVES.get(key);
  if (!directive || directive.args.length === 0) return null;
  const required = directive.required ?? directive.args.length;
  const args = directive.args.map((argument, index) => {
    const choices = [
      // The range before the unit: in a right-to-left page a number after a Hebrew word would be read as part of it.
      ...(argument.number
        ? [`<${argument.number.min}–${argument.number.max} ${t(UNIT_KEYS[argument.number.unit])}>`]
        : []),
      ...(argument.words ?? []),
    ].join(' | ');
    return index < required ? choices : `[${choices}]`;
  });
  return [key, ...args].join(' ');
}

/** The words under a usage, for the rules a notation cannot show. */
export function customRule(t: TFunction, key: string): string | null {
  const ruleKey = RULE_KEYS[key];
  return ruleKey ? t(ruleKey) : null;
}
