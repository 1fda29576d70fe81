import type { ThresholdLevel } from '@halo/shared';

/** The names of the threshold values (spec section 3). */
export const LEVEL_LABEL_KEYS: Readonly<Record<ThresholdLevel, string>> = {
  minor: 'thresholds.levels.minor',
  major: 'thresholds.levels.major',
  critical: 'thresholds.levels.critical',
  alert: 'thresholds.levels.alert',
  back_to_safety: 'thresholds.levels.backToSafety',
};

/** The units thresholds_metadata names, as people read them; another unit is shown as it comes. */
export const UNIT_LABEL_KEYS: Readonly<Record<string, string>> = {
  '°C': 'thresholds.units.celsius',
  '%': 'thresholds.units.percent',
  min: 'thresholds.units.minutes',
  'events/h': 'thresholds.units.eventsPerHour',
};
