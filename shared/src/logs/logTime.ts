/**
 * The time filter of every log (spec section 5: dates as YYYY-MM-DD), to the second where a
 * preset needs it ("the last 15 minutes"): `start_date` and `end_date` each take a date or an
 * ISO 8601 date-time. A date starts at 00:00 UTC; an end date includes its whole day, an end
 * date-time includes that instant.
 */
import { z } from 'zod';
import { isIsoDate, ValidationKey } from '../validation/rules.js';

const DAY_MS = 86_400_000;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isLogTimeBound(value: unknown): value is string {
  return isIsoDate(value) || (typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
}

export const LogTimeBoundSchema = z.string().refine(isLogTimeBound, ValidationKey.DATE);

/** The filter as instants: entries with `from <= log_time < to` (epoch ms); either may be open. */
export interface LogTimeWindow {
  readonly from: number | undefined;
  readonly to: number | undefined;
}

export function logTimeWindow(query: {
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
}): LogTimeWindow {
  const instant = (bound: string) => (isIsoDate(bound) ? Date.parse(`${bound}T00:00:00Z`) : Date.parse(bound));
  return {
    from: query.start_date === undefined ? undefined : instant(query.start_date),
    to:
      query.end_date === undefined
        ? undefined
        : isIsoDate(query.end_date)
          ? instant(query.end_date) + DAY_MS
          : instant(query.end_date) + 1,
  };
}

/** The time presets of the log screens, newest data last: a window that ends now. */
export const LOG_TIME_PRESETS = {
  '15m': 15 * 60_000,
  '1h': 60 * 60_000,
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
} as const;
export type LogTimePreset = keyof typeof LOG_TIME_PRESETS;

export function isLogTimePreset(value: unknown): value is LogTimePreset {
  return typeof value === 'string' && Object.hasOwn(LOG_TIME_PRESETS, value);
}
