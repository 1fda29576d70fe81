import { Severity, type AlarmCounts } from '@halo/shared';

/** The highest count the bell's badge shows; above it reads `99+`. */
export const BELL_COUNT_MAX = 99;
/** Alarms the bell's list names at most. */
export const BELL_LIST_SIZE = 8;
/** Until the user's severity is known, the bell counts what reaches everyone: critical alarms. */
export const BELL_DEFAULT_SEVERITY = Severity.CRITICAL;

/** Active, unacknowledged alarms at or above `severity` (the user's), from a summary's counts; 0 without counts. */
export function bellCount(alarms: AlarmCounts | undefined, severity: number): number {
  if (!alarms) return 0;
  return alarms.unacknowledged.reduce((sum, count, level) => (level >= severity ? sum + count : sum), 0);
}

/** The badge's text: none at 0, the count up to 99, then `99+`. */
export function bellBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > BELL_COUNT_MAX ? `${BELL_COUNT_MAX}+` : String(count);
}

/** The severities from `severity` up to critical, for the list's query. */
export function severitiesFrom(severity: number): number[] {
  const severities: number[] = [];
  for (let level = Math.max(Severity.NORMAL, severity); level <= Severity.CRITICAL; level += 1) severities.push(level);
  return severities;
}
