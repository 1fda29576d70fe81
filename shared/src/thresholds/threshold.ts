/** Thresholds of spec section 3: alert levels per device attribute type, edit only. */
import { z } from 'zod';
import { type FitsEntity, IdSchema, numberInput } from '../common.js';
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
export const THRESHOLD_ATTRIBUTE_NAMES: Readonly<Record<ThresholdAttributeType, string>> = Object.freeze({
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
});

export const THRESHOLD_LEVELS = ['minor', 'major', 'critical', 'alert', 'back_to_safety'] as const;
export type ThresholdLevel = (typeof THRESHOLD_LEVELS)[number];

/** threshold_values: one number per level; null leaves a level unused. */
export const ThresholdValuesSchema = z.object({
  minor: z.number().nullable(),
  major: z.number().nullable(),
  critical: z.number().nullable(),
  alert: z.number().nullable(),
  back_to_safety: z.number().nullable(),
});
export type ThresholdValues = z.infer<typeof ThresholdValuesSchema>;

const levelInput = () => numberInput().refine(Number.isFinite, ValidationKey.INVALID).nullable().default(null);

export const ThresholdValuesInputSchema = z.strictObject({
  minor: levelInput(),
  major: levelInput(),
  critical: levelInput(),
  alert: levelInput(),
  back_to_safety: levelInput(),
});

export const ThresholdSchema = z.object({
  id: IdSchema,
  device_attribute_type: z.number().int(),
  threshold_values: ThresholdValuesSchema,
  should_alert: z.boolean(),
  environment_id: IdSchema.optional(),
});
export type Threshold = z.infer<typeof ThresholdSchema>;

/** PUT /thresholds/{id} (under the parent environment id). */
export const ThresholdUpdateSchema = z.strictObject({
  threshold: z.strictObject({
    device_attribute_type: ThresholdAttributeTypeSchema,
    threshold_values: ThresholdValuesInputSchema,
    should_alert: z.boolean({ error: ValidationKey.REQUIRED }),
  }),
});
export type ThresholdUpdate = z.infer<typeof ThresholdUpdateSchema>;

export const ThresholdListResponseSchema = z.object({ thresholds: z.array(ThresholdSchema) });
export type ThresholdListResponse = z.infer<typeof ThresholdListResponseSchema>;

/** What a threshold's editor needs to know about its attribute: unit, bounds, levels used. */
export const ThresholdMetadataSchema = z.object({
  device_attribute_type: z.number().int(),
  name: z.string(),
  unit: z.string().nullable(),
  min_value: z.number().nullable(),
  max_value: z.number().nullable(),
  levels: z.array(z.enum(THRESHOLD_LEVELS)),
});
export type ThresholdMetadata = z.infer<typeof ThresholdMetadataSchema>;

export const ThresholdMetadataResponseSchema = z.object({ thresholds_metadata: z.array(ThresholdMetadataSchema) });
export type ThresholdMetadataResponse = z.infer<typeof ThresholdMetadataResponseSchema>;

/**
 * Checks values against their attribute's metadata: a level the attribute does not use must
 * be null, a used one must lie within min_value-max_value. Answers the first problem found.
 */
export function thresholdValuesProblem(
  values: ThresholdValues,
  metadata: ThresholdMetadata,
): { level: ThresholdLevel; problem: ValidationProblem } | null {
  for (const level of THRESHOLD_LEVELS) {
    const value = values[level];
    if (value === null) continue;
    if (!metadata.levels.includes(level)) return { level, problem: { key: ValidationKey.INVALID, params: [level] } };
    if (metadata.min_value !== null && value < metadata.min_value) {
      return { level, problem: { key: ValidationKey.AT_LEAST, params: [metadata.min_value] } };
    }
    if (metadata.max_value !== null && value > metadata.max_value) {
      return { level, problem: { key: ValidationKey.NOT_EXCEED, params: [metadata.max_value] } };
    }
  }
  return null;
}

type _ThresholdUpdateFitsThreshold = FitsEntity<ThresholdUpdate['threshold'], Threshold>;
