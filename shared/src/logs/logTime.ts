/**
 * The time filter of every log (`start_date`, `end_date`), one parser for the provider's
 * schemas, its queries and the console.
 *
 * Spec section 5: "Date filters: format YYYY-MM-DD. A date list is sent as one date, or as
 * 'first,last'." Each parameter takes
 * - one date, `YYYY-MM-DD` (UTC): on `start_date` the span starts at that day's 00:00, on
 *   `end_date` it ends with that whole day;
 * - a date list `first,last` (both dates, first <= last): the days first through last, whole,
 *   whichever of the two parameters carries it (`start_date=2026-11-26,2026-11-26` is that one day);
 * - the product's extension for the time presets ("the last 15 minutes"): one ISO 8601
 *   date-time, to the instant (an end date-time includes that instant).
 * Both parameters given: an entry must fall in both, so their spans intersect. Anything else
 * is error 3 naming the parameter.
 */
import { z } from 'zod';
import { isIsoDate, ValidationKey } from '../validation/rules.js';

const DAY_MS = 86_400_000;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day as section 5 writes it (a plain boolean, so a string that is not one stays a string). */
const isDay = (value: string): boolean => isIsoDate(value);
const isDateTime = (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** A date filter as read: an instant (a date-time), one day, or the days first through last. */
export type LogDates =
  | { readonly kind: 'instant'; readonly at: number }
  | { readonly kind: 'day'; readonly date: string }
  | { readonly kind: 'days'; readonly first: string; readonly last: string };

/** Reads a `start_date` or `end_date` value; null when it is none of the forms above. */
export function parseLogDates(value: unknown): LogDates | null {
  if (typeof value !== 'string') return null;
  if (isDay(value)) return { kind: 'day', date: value };
  if (isDateTime(value)) return { kind: 'instant', at: Date.parse(value) };
  const parts = value.split(',');
  if (parts.length !== 2) return null;
  const [first, last] = parts as [string, string];
  return isDay(first) && isDay(last) && first <= last ? { kind: 'days', first, last } : null;
}

/** Whether a value is one of the forms `start_date` and `end_date` take. */
export function isLogDates(value: unknown): value is string {
  return parseLogDates(value) !== null;
}

/** A single bound (a date or a date-time), as the console keeps one in its address. */
export function isLogTimeBound(value: unknown): value is string {
  const dates = parseLogDates(value);
  return dates !== null && dates.kind !== 'days';
}

/** `start_date` / `end_date` of every log endpoint (list, export, histogram). */
export const LogDatesSchema = z.string().refine(isLogDates, ValidationKey.DATE).meta({
  description:
    "YYYY-MM-DD (UTC), or the date list 'first,last' (the days first through last), or an ISO 8601 date-time",
});

/** The filter as instants: entries with `from <= log_time < to` (epoch ms); either may be open. */
export interface LogTimeWindow {
  readonly from: number | undefined;
  readonly to: number | undefined;
}

function spanOf(dates: LogDates, side: 'start' | 'end'): LogTimeWindow {
  switch (dates.kind) {
    case 'days':
      return { from: dayStart(dates.first), to: dayStart(dates.last) + DAY_MS };
    case 'day':
      return side === 'start'
        ? { from: dayStart(dates.date), to: undefined }
        : { from: undefined, to: dayStart(dates.date) + DAY_MS };
    case 'instant':
      return side === 'start' ? { from: dates.at, to: undefined } : { from: undefined, to: dates.at + 1 };
  }
}

const later = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);
const earlier = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

export function logTimeWindow(query: {
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
}): LogTimeWindow {
  const spans = (
    [
      [query.start_date, 'start'],
      [query.end_date, 'end'],
    ] as const
  ).flatMap(([value, side]) => {
    const dates = value === undefined ? null : parseLogDates(value);
    return dates ? [spanOf(dates, side)] : [];
  });
  return spans.reduce<LogTimeWindow>(
    (window, span) => ({ from: later(window.from, span.from), to: earlier(window.to, span.to) }),
    { from: undefined, to: undefined },
  );
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
