import {
  THRESHOLD_LEVELS,
  ThresholdDirection,
  ThresholdUpdateSchema,
  type FieldProblem,
  type Threshold,
  type ThresholdLevel,
  type ThresholdMetadata,
  type ThresholdValues,
} from '@halo/shared';

/** What the dialog edits: each value as typed, and whether crossings are alerts. */
export interface ThresholdFormValues {
  readonly values: Readonly<Record<ThresholdLevel, string>>;
  readonly shouldAlert: boolean;
}

export function formOf(threshold: Threshold): ThresholdFormValues {
  return {
    values: Object.fromEntries(
      THRESHOLD_LEVELS.map((level) => [
        level,
        threshold.threshold_values[level] === null ? '' : String(threshold.threshold_values[level]),
      ]),
    ) as Record<ThresholdLevel, string>,
    shouldAlert: threshold.should_alert,
  };
}

/** The typed values as numbers (blank is null; text that is not a number stays as it is, for the schema to refuse). */
export function valuesOf(form: ThresholdFormValues): Record<ThresholdLevel, number | string | null> {
  return Object.fromEntries(
    THRESHOLD_LEVELS.map((level) => {
      const text = form.values[level].trim();
      const number = Number(text);
      return [level, text === '' ? null : Number.isFinite(number) ? number : text];
    }),
  ) as Record<ThresholdLevel, number | string | null>;
}

/** The request body of the edit. */
export const payloadOf = (threshold: Threshold, form: ThresholdFormValues) => ({
  threshold: {
    device_attribute_type: threshold.device_attribute_type,
    threshold_values: valuesOf(form),
    should_alert: form.shouldAlert,
  },
});

/** The problems the shared rules find, by level, as the form shows them. */
export function formProblems(
  threshold: Threshold,
  form: ThresholdFormValues,
): Partial<Record<ThresholdLevel, FieldProblem>> {
  const parsed = ThresholdUpdateSchema.safeParse(payloadOf(threshold, form));
  if (parsed.success) return {};
  const problems: Partial<Record<ThresholdLevel, FieldProblem>> = {};
  for (const issue of parsed.error.issues) {
    const level = issue.path.at(-1);
    if (typeof level === 'string' && (THRESHOLD_LEVELS as readonly string[]).includes(level)) {
      const params = (issue as { params?: { params?: (string | number)[] } }).params?.params ?? [];
      problems[level as ThresholdLevel] ??= { path: issue.path.join('.'), key: issue.message, params };
    }
  }
  return problems;
}

/** The values to count devices with: what is typed where it is a number. */
export function previewValues(form: ThresholdFormValues): ThresholdValues {
  const values = valuesOf(form);
  return Object.fromEntries(
    THRESHOLD_LEVELS.map((level) => [level, typeof values[level] === 'number' ? values[level] : null]),
  ) as ThresholdValues;
}

/** Where the attribute gets worse: up or down. */
export const worseUpward = (metadata: ThresholdMetadata) => metadata.direction === ThresholdDirection.HIGHER_IS_WORSE;
