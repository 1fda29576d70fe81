/** Thresholds of spec section 3: alert levels per device attribute type, edit only. */
import { z } from 'zod';
import { IdSchema, numberInput, type FitsEntity } from '../common.js';
import { ThresholdAttributeType } from '../constants/enums.js';
import { ValidationKey, type ValidationProblem } from '../validation/rules.js';

const ATTRIBUTE_TYPES: readonly number[] = Object.values(ThresholdAttributeType);

export function isThresholdAttributeType(value: unknown): value is ThresholdAttributeType {
  return typeof value === 'number' && ATTRIBUTE_TYPES.includes(value);
}

export const ThresholdAttributeTypeSchema = z
  .number({ error: ValidationKey.REQUIRED })
  .refine(isThresholdAttributeType, ValidationKey.INVALID);

/** i18n-friendly names of the attribute types (the labels of section 3's table). */
export const THRESHOLD_ATTRIBUTE_NAMES = Object.freeze({
  [ThresholdAttributeType.TEMPERATURE]: 'temperature',
  [ThresholdAttributeType.DEVICE_STATE]: 'deviceState',
  [ThresholdAttributeType.CELLULAR_PORT_1]: 'cellularPort1',
  [ThresholdAttributeType.CELLULAR_PORT_2]: 'cellularPort2',
  [ThresholdAttributeType.CELLULAR_PORT_3]: 'cellularPort3',
  [ThresholdAttributeType.CELLULAR_PORT_4]: 'cellularPort4',
  [ThresholdAttributeType.ETHERNET_PORT_1]: 'ethernetPort1',
  [ThresholdAttributeType.ETHERNET_PORT_2]: 'ethernetPort2',
  [ThresholdAttributeType.ETHERNET_PORT_3]: 'ethernetPort3',
  [ThresholdAttributeType.WIFI]: 'wifi',
  [ThresholdAttributeType.VLAN]: 'vlan',
  [ThresholdAttributeType.CELLULAR_MODEMS_HEALTH]: 'cellularModemsHealth',
  [ThresholdAttributeType.SIM_EVENT]: 'simEvent',
} as const satisfies Record<ThresholdAttributeType, string>);

/**
 * The values of a threshold. minor, major and critical are the limits of each severity;
 * `alert` is the one limit of an attribute that has no grades (a SIM event count); back to
 * safety is the recovery value (thresholdEvaluation.ts).
 */
export const THRESHOLD_LEVELS = ['minor', 'major', 'critical', 'alert', 'back_to_safety'] as const;
export type ThresholdLevel = (typeof THRESHOLD_LEVELS)[number];

/** Which way an attribute gets worse: a hotter device, or a weaker signal. */
export const ThresholdDirection = { HIGHER_IS_WORSE: 'higher_is_worse', LOWER_IS_WORSE: 'lower_is_worse' } as const;
export type ThresholdDirection = (typeof ThresholdDirection)[keyof typeof ThresholdDirection];

/** threshold_values: one number per level; null for a level the attribute does not use. */
export const ThresholdValuesSchema = z.object({
  minor: z.number().nullable(),
  major: z.number().nullable(),
  critical: z.number().nullable(),
  alert: z.number().nullable(),
  back_to_safety: z.number().nullable(),
});
export type ThresholdValues = z.infer<typeof ThresholdValuesSchema>;

export const ThresholdSchema = z.object({
  id: IdSchema,
  device_attribute_type: z.number().int(),
  threshold_values: ThresholdValuesSchema,
  should_alert: z.boolean(),
  environment_id: IdSchema.optional(),
});
export type Threshold = z.infer<typeof ThresholdSchema>;

export const ThresholdListResponseSchema = z.object({ thresholds: z.array(ThresholdSchema) });
export type ThresholdListResponse = z.infer<typeof ThresholdListResponseSchema>;

/** What a threshold's editor needs to know about its attribute. */
export const ThresholdMetadataSchema = z.object({
  device_attribute_type: z.number().int(),
  name: z.string(),
  /** What the reading measures, e.g. `°C`, `%`, `min` (minutes), `events/h`. */
  unit: z.string().nullable(),
  min_value: z.number().nullable(),
  max_value: z.number().nullable(),
  direction: z.enum([ThresholdDirection.HIGHER_IS_WORSE, ThresholdDirection.LOWER_IS_WORSE]),
  /** The values that apply to this attribute; the others stay null. */
  levels: z.array(z.enum(THRESHOLD_LEVELS)),
});
export type ThresholdMetadata = z.infer<typeof ThresholdMetadataSchema>;

export const ThresholdMetadataResponseSchema = z.object({ thresholds_metadata: z.array(ThresholdMetadataSchema) });
export type ThresholdMetadataResponse = z.infer<typeof ThresholdMetadataResponseSchema>;

/** The levels that carry a severity, in the order the attribute gets worse. */
export const GRADED_LEVELS = ['minor', 'major', 'critical', 'alert'] as const;

export interface ThresholdValuesProblem {
  readonly level: ThresholdLevel;
  readonly problem: ValidationProblem;
}

/**
 * Checks values against their attribute's metadata and each other: every level the attribute
 * uses is set and lies within its bounds, the others are null; minor, major and critical get
 * worse in that order; back to safety lies on the safe side of the first limit. Answers every
 * problem found, one per level.
 */
export function thresholdValuesProblems(
  values: ThresholdValues,
  metadata: ThresholdMetadata,
): ThresholdValuesProblem[] {
  const problems: ThresholdValuesProblem[] = [];
  const add = (level: ThresholdLevel, key: ValidationKey, ...params: (string | number)[]) => {
    if (!problems.some((found) => found.level === level)) problems.push({ level, problem: { key, params } });
  };
  for (const level of THRESHOLD_LEVELS) {
    const value = values[level];
    if (!metadata.levels.includes(level)) {
      if (value !== null) add(level, ValidationKey.INVALID, level);
      continue;
    }
    if (value === null) add(level, ValidationKey.REQUIRED, level);
    else if (metadata.min_value !== null && value < metadata.min_value)
      add(level, ValidationKey.AT_LEAST, metadata.min_value);
    else if (metadata.max_value !== null && value > metadata.max_value)
      add(level, ValidationKey.NOT_EXCEED, metadata.max_value);
  }
  const higherIsWorse = metadata.direction === ThresholdDirection.HIGHER_IS_WORSE;
  // Each limit must be strictly worse than the one before it, and back to safety strictly safer than the first.
  const worseKey = higherIsWorse ? ValidationKey.MORE_THAN : ValidationKey.LESS_THAN;
  const saferKey = higherIsWorse ? ValidationKey.LESS_THAN : ValidationKey.MORE_THAN;
  const isWorse = (value: number, than: number) => (higherIsWorse ? value > than : value < than);
  const graded = GRADED_LEVELS.filter((level) => metadata.levels.includes(level));
  let previous: number | null = null;
  for (const level of graded) {
    const value = values[level];
    if (value === null) continue;
    if (previous !== null && !isWorse(value, previous)) add(level, worseKey, previous);
    previous = value;
  }
  const first = graded[0] === undefined ? null : values[graded[0]];
  const safety = values.back_to_safety;
  if (first !== null && safety !== null && metadata.levels.includes('back_to_safety') && !isWorse(first, safety)) {
    add('back_to_safety', saferKey, first);
  }
  return problems;
}

export const ThresholdValuesInputSchema = z.strictObject({
  minor: numberInput().refine(Number.isFinite, ValidationKey.INVALID).nullable().default(null),
  major: numberInput().refine(Number.isFinite, ValidationKey.INVALID).nullable().default(null),
  critical: numberInput().refine(Number.isFinite, ValidationKey.INVALID).nullable().default(null),
  alert: numberInput().refine(Number.isFinite, ValidationKey.INVALID).nullable().default(null),
  back_to_safety: numberInput().refine(Number.isFinite, ValidationKey.INVALID).nullable().default(null),
});

/**
 * PUT /thresholds/{id} (under the parent environment id). The values are checked against the
 * attribute's metadata (`metadataOf`), each problem at `threshold.threshold_values.<level>`.
 */
export function thresholdUpdateSchema(metadataOf: (type: ThresholdAttributeType) => ThresholdMetadata) {
  return z.strictObject({
    threshold: z
      .strictObject({
        device_attribute_type: ThresholdAttributeTypeSchema,
        threshold_values: ThresholdValuesInputSchema,
        should_alert: z.boolean({ error: ValidationKey.REQUIRED }),
      })
      .superRefine((threshold, context) => {
        if (!isThresholdAttributeType(threshold.device_attribute_type)) return;
        for (const { level, problem } of thresholdValuesProblems(
          threshold.threshold_values,
          metadataOf(threshold.device_attribute_type),
        )) {
          context.addIssue({
            code: 'custom',
            path: ['threshold_values', level],
            message: problem.key,
            params: { params: problem.params },
          });
        }
      }),
  });
}

export type ThresholdUpdate = z.infer<ReturnType<typeof thresholdUpdateSchema>>;

type _ThresholdUpdateFitsThreshold = FitsEntity<ThresholdUpdate['threshold'], Threshold>;
