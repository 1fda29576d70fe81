/**
 * What each attribute type of section 3 measures, which way it gets worse, which values
 * apply to it and the defaults a new environment starts with. The provider answers these as
 * thresholds_metadata; the simulator reads devices by them.
 */
import { ThresholdAttributeType } from '../constants/enums.js';
import {
  THRESHOLD_ATTRIBUTE_NAMES,
  ThresholdDirection,
  type ThresholdLevel,
  type ThresholdMetadata,
  type ThresholdValues,
} from './threshold.js';

const GRADED: readonly ThresholdLevel[] = ['minor', 'major', 'critical', 'back_to_safety'];

interface AttributeRule {
  readonly unit: string;
  readonly min: number;
  readonly max: number;
  readonly direction: ThresholdDirection;
  readonly levels: readonly ThresholdLevel[];
  readonly defaults: ThresholdValues;
}

const graded = (minor: number, major: number, critical: number, backToSafety: number) => ({
  minor,
  major,
  critical,
  alert: null,
  back_to_safety: backToSafety,
});

/** Minutes a port has been down (0 while it is up). */
const minutesDown = (minor: number, major: number, critical: number): AttributeRule => ({
  unit: 'min',
  min: 0,
  max: 10_080,
  direction: ThresholdDirection.HIGHER_IS_WORSE,
  levels: GRADED,
  defaults: graded(minor, major, critical, 0),
});

/** A cellular modem's signal quality, 0-100. */
const cellularSignal: AttributeRule = {
  unit: '%',
  min: 0,
  max: 100,
  direction: ThresholdDirection.LOWER_IS_WORSE,
  levels: GRADED,
  defaults: graded(35, 20, 10, 45),
};

const RULES: Readonly<Record<ThresholdAttributeType, AttributeRule>> = {
  [ThresholdAttributeType.TEMPERATURE]: {
    unit: '°C',
    min: -40,
    max: 125,
    direction: ThresholdDirection.HIGHER_IS_WORSE,
    levels: GRADED,
    defaults: graded(70, 75, 85, 65),
  },
  // Minutes an activated device has not been connected.
  [ThresholdAttributeType.DEVICE_STATE]: minutesDown(2, 10, 60),
  [ThresholdAttributeType.CELLULAR_PORT_1]: cellularSignal,
  [ThresholdAttributeType.CELLULAR_PORT_2]: cellularSignal,
  [ThresholdAttributeType.CELLULAR_PORT_3]: cellularSignal,
  [ThresholdAttributeType.CELLULAR_PORT_4]: cellularSignal,
  [ThresholdAttributeType.ETHERNET_PORT_1]: minutesDown(1, 5, 30),
  [ThresholdAttributeType.ETHERNET_PORT_2]: minutesDown(1, 5, 30),
  [ThresholdAttributeType.ETHERNET_PORT_3]: minutesDown(1, 5, 30),
  [ThresholdAttributeType.WIFI]: minutesDown(5, 15, 60),
  [ThresholdAttributeType.VLAN]: minutesDown(1, 5, 30),
  // The share of a device's cellular modems that are online.
  [ThresholdAttributeType.CELLULAR_MODEMS_HEALTH]: {
    unit: '%',
    min: 0,
    max: 100,
    direction: ThresholdDirection.LOWER_IS_WORSE,
    levels: GRADED,
    defaults: graded(75, 50, 25, 100),
  },
  // SIM events (inserted, removed, swapped) in the last hour: one limit, no grades.
  [ThresholdAttributeType.SIM_EVENT]: {
    unit: 'events/h',
    min: 0,
    max: 1000,
    direction: ThresholdDirection.HIGHER_IS_WORSE,
    levels: ['alert', 'back_to_safety'],
    defaults: { minor: null, major: null, critical: null, alert: 2, back_to_safety: 0 },
  },
};

/** The attribute types in section 3's order of values. */
export const THRESHOLD_ATTRIBUTE_TYPES = (Object.keys(RULES).map(Number) as ThresholdAttributeType[]).sort(
  (a, b) => a - b,
);

export const THRESHOLD_METADATA: readonly ThresholdMetadata[] = THRESHOLD_ATTRIBUTE_TYPES.map((type) => {
  const rule = RULES[type];
  return {
    device_attribute_type: type,
    name: THRESHOLD_ATTRIBUTE_NAMES[type],
    unit: rule.unit,
    min_value: rule.min,
    max_value: rule.max,
    direction: rule.direction,
    levels: [...rule.levels],
  };
});

export function thresholdMetadataOf(type: ThresholdAttributeType): ThresholdMetadata {
  const found = THRESHOLD_METADATA.find((metadata) => metadata.device_attribute_type === type);
  if (!found) throw new RangeError(`no metadata for attribute type ${type}`);
  return found;
}

/** The values a new environment starts with (when it has no parent to take them from). */
export function defaultThresholdValues(type: ThresholdAttributeType): ThresholdValues {
  return { ...RULES[type].defaults };
}

/** Whether a new threshold raises alerts by default: only what an operator must act on. */
export function defaultShouldAlert(type: ThresholdAttributeType): boolean {
  return type === ThresholdAttributeType.TEMPERATURE || type === ThresholdAttributeType.DEVICE_STATE;
}
