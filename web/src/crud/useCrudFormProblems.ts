import type { Subject } from '@halo/shared';
import { useMemo, useState } from 'react';
import { validateValues, type CrudScreenDefinition, type FieldDefinition } from './crudDefinition';
import type { DialogMode } from './crudMachine';
import { formFieldOf } from './problemField';
import type { FieldError, FormError } from './resourceClient';

export interface CrudFormProblemsInput<Row, Values> {
  readonly definition: CrudScreenDefinition<Row, Values>;
  readonly isOpen: boolean;
  readonly mode: DialogMode;
  readonly values: Values;
  readonly submitted: boolean;
  readonly formError: FormError | null;
  readonly subject: Subject | null;
}

export interface CrudFormProblems<Values> {
  /** The fields this subject sees for these values, in the definition's order. */
  readonly visibleFields: readonly FieldDefinition<Values>[];
  /** What shows under a field: the form's own rule once typed in (or after Save), else the server's verdict. */
  readonly problemOf: (field: FieldDefinition<Values>) => FieldError | undefined;
  /** Problems the server named on a path no visible field shows: the banner lists them. */
  readonly unplacedProblems: readonly (readonly [string, FieldError])[];
  /** Records that the user changed `field` (it now shows its rules, not the server's last verdict). */
  readonly changed: (field: FieldDefinition<Values>) => void;
}

/**
 * Which problem a CRUD form shows where. The shared section 5 rules show under a field once it
 * was typed in (or after Save); a refused save marks the fields the API (or its error code)
 * names until they are changed; what no visible field can show goes to the banner. A dialog
 * opened again starts untouched.
 */
export function useCrudFormProblems<Row, Values>({
  definition,
  isOpen,
  mode,
  values,
  submitted,
  formError,
  subject,
}: CrudFormProblemsInput<Row, Values>): CrudFormProblems<Values> {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [seenError, setSeenError] = useState<FormError | null>(null);
  // A field the user changed after a refusal no longer shows the server's verdict on it.
  const [changedSinceError, setChangedSinceError] = useState<ReadonlySet<string>>(new Set());
  const [wasOpen, setWasOpen] = useState(isOpen);

  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setTouched(new Set());
      setChangedSinceError(new Set());
    }
  }
  if (seenError !== formError) {
    setSeenError(formError);
    setChangedSinceError(new Set());
  }

  const problems = useMemo(() => validateValues(definition, values, mode), [definition, values, mode]);

  // With `fieldOfPath`, an API problem at `hosts_settings.reorder` marks the field it maps to.
  const serverProblemOf = (name: string): FieldError | undefined => {
    const { fieldOfPath } = definition;
    if (!fieldOfPath || !formError?.paths) return undefined;
    return Object.entries(formError.paths).find(([path]) => formFieldOf(path, fieldOfPath) === name)?.[1];
  };

  const problemOf = (field: FieldDefinition<Values>): FieldError | undefined => {
    const server = changedSinceError.has(field.name)
      ? undefined
      : (formError?.fields[field.name] ?? serverProblemOf(field.name));
    const client = touched.has(field.name) || submitted ? problems[field.name] : undefined;
    return client ?? server;
  };

  const visibleFields = definition.fields.filter((field) => !field.hidden?.(values, mode, subject));
  const visibleNames: ReadonlySet<string> = new Set(visibleFields.map((field) => field.name));
  const unplacedProblems = Object.entries(formError?.paths ?? {}).filter(([path]) => {
    return !visibleNames.has(formFieldOf(path, definition.fieldOfPath));
  });

  return {
    visibleFields,
    problemOf,
    unplacedProblems,
    changed: (field) => {
      setTouched((current) => new Set(current).add(field.name));
      setChangedSinceError((current) => new Set(current).add(field.name));
    },
  };
}
