/**
 * How a reading becomes a severity, one rule for the simulator (which writes the transitions
 * to the system log) and the threshold editor (which counts devices per severity):
 *
 * - Rising: a reading at or beyond a limit has that limit's severity (minor 1, major 2,
 *   critical 3; the single `alert` limit counts as major).
 * - Back to safety is the recovery value: a device leaves a severity only when its reading
 *   crosses back past the limit by the gap between the first limit and back to safety. With
 *   temperature limits 70/75/85 and back to safety 65, a critical device stays critical down
 *   to 80 °C, major down to 70 and minor down to 65; a reading hovering at a limit does not
 *   flap between two severities.
 */
import { Severity } from '../constants/enums.js';
import { GRADED_LEVELS, ThresholdDirection, type ThresholdMetadata, type ThresholdValues } from './threshold.js';

const LEVEL_SEVERITY = {
  minor: Severity.MINOR,
  major: Severity.MAJOR,
  critical: Severity.CRITICAL,
  alert: Severity.MAJOR,
} as const satisfies Record<(typeof GRADED_LEVELS)[number], Severity>;

interface Limit {
  readonly value: number;
  readonly severity: Severity;
}

function limitsOf(values: ThresholdValues, metadata: Pick<ThresholdMetadata, 'levels'>): Limit[] {
  const limits: Limit[] = [];
  for (const level of GRADED_LEVELS) {
    const value = values[level];
    if (metadata.levels.includes(level) && value !== null) limits.push({ value, severity: LEVEL_SEVERITY[level] });
  }
  return limits;
}

type Direction = Pick<ThresholdMetadata, 'direction' | 'levels'>;

/** The severity of a reading on its own, without history: what a device "is" right now. */
export function risingSeverity(reading: number, values: ThresholdValues, metadata: Direction): Severity {
  const higherIsWorse = metadata.direction === ThresholdDirection.HIGHER_IS_WORSE;
  let severity: Severity = Severity.NORMAL;
  for (const limit of limitsOf(values, metadata)) {
    const reached = higherIsWorse ? reading >= limit.value : reading <= limit.value;
    if (reached && limit.severity > severity) severity = limit.severity;
  }
  return severity;
}

/** The severity after a reading, given the severity before it (hysteresis, see above). */
export function nextSeverity(
  current: Severity,
  reading: number,
  values: ThresholdValues,
  metadata: Direction,
): Severity {
  const rising = risingSeverity(reading, values, metadata);
  if (rising >= current) return rising;
  const limits = limitsOf(values, metadata);
  const first = limits[0]?.value;
  const safety = values.back_to_safety;
  if (first === undefined || safety === null) return rising;
  const higherIsWorse = metadata.direction === ThresholdDirection.HIGHER_IS_WORSE;
  const band = Math.abs(first - safety);
  // The reading moved toward danger by the band: a severity is kept while that is still strictly past its limit.
  const shifted = higherIsWorse ? reading + band : reading - band;
  let holding: Severity = Severity.NORMAL;
  for (const limit of limits) {
    const past = higherIsWorse ? shifted > limit.value : shifted < limit.value;
    if (past && limit.severity > holding) holding = limit.severity;
  }
  return Math.max(rising, Math.min(current, holding)) as Severity;
}

/** How many readings fall in each severity (normal, minor, major, critical) with these values. */
export function severityCounts(
  readings: readonly number[],
  values: ThresholdValues,
  metadata: Direction,
): [number, number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (const reading of readings) counts[risingSeverity(reading, values, metadata)] += 1;
  return counts;
}
