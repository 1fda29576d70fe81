import type { ThresholdLevel } from '@halo/shared';
import type { TFunction } from 'i18next';
import { leftToRight } from '../../lib/i18n';

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

/**
 * A unit as people read it, kept left to right wherever it lands: in Hebrew text the degree
 * sign is a neutral that bidi would move to the far side of the C ("C°").
 */
export function unitText(t: TFunction, unit: string | null | undefined): string {
  return unit ? leftToRight(t(UNIT_LABEL_KEYS[unit] ?? unit)) : '';
}
