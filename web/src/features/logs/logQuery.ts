import {
  formatDateFilter,
  instantOfWallText,
  isIsoDate,
  isLogTimeBound,
  isLogTimePreset,
  LOG_TIME_PRESETS,
  logTimeWindow,
  type LogTimePreset,
  wallText,
} from '@halo/shared';

/**
 * The view a log screen shows, kept in the address so a link or the back button brings it
 * back: a time range (a preset that ends now, or a custom range of instants) and the screen's own
 * filters as plain text and comma-separated lists.
 */
export type TimeRangeChoice = LogTimePreset | 'custom';

export interface TimeRange {
  readonly choice: TimeRangeChoice;
  /** A date (YYYY-MM-DD) or an ISO 8601 date-time (UTC), custom only; either may be empty. */
  readonly from: string;
  readonly to: string;
}

export const DEFAULT_TIME_RANGE: TimeRange = { choice: '24h', from: '', to: '' };
export const TIME_RANGE_CHOICES: readonly TimeRangeChoice[] = [
  ...(Object.keys(LOG_TIME_PRESETS) as LogTimePreset[]),
  'custom',
];

const RANGE_PARAM = 'range';
const FROM_PARAM = 'from';
const TO_PARAM = 'to';

export function readTimeRange(params: URLSearchParams): TimeRange {
  const choice = params.get(RANGE_PARAM);
  if (choice === 'custom') {
    const bound = (name: string) => {
      const value = params.get(name) ?? '';
      return isLogTimeBound(value) ? value : '';
    };
    return { choice, from: bound(FROM_PARAM), to: bound(TO_PARAM) };
  }
  return isLogTimePreset(choice) ? { choice, from: '', to: '' } : DEFAULT_TIME_RANGE;
}

export function writeTimeRange(params: URLSearchParams, range: TimeRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(RANGE_PARAM, range.choice);
  next.delete(FROM_PARAM);
  next.delete(TO_PARAM);
  if (range.choice === 'custom') {
    if (range.from) next.set(FROM_PARAM, range.from);
    if (range.to) next.set(TO_PARAM, range.to);
  }
  return next;
}

/**
 * The API's start_date and end_date for a range, a preset measured back from the server's time.
 * Whole days go in the spec's form (section 5): the days first through last as the date list
 * 'first,last' (`start_date=2026-11-26,2026-11-26` is that one day), one date on its own side;
 * a bound with a time of day is the product's date-time.
 */
export function timeBounds(
  range: TimeRange,
  serverTime: number,
): { readonly start_date?: string; readonly end_date?: string } {
  if (range.choice !== 'custom') {
    return { start_date: new Date(serverTime - LOG_TIME_PRESETS[range.choice]).toISOString() };
  }
  if (isIsoDate(range.from) && isIsoDate(range.to) && range.from <= range.to)
    return { start_date: formatDateFilter([range.from, range.to]) };
  return { ...(range.from ? { start_date: range.from } : {}), ...(range.to ? { end_date: range.to } : {}) };
}

/** The range as closed instants, for a histogram: a custom range open at either end is closed at now or a day back. */
export function closedBounds(
  range: TimeRange,
  serverTime: number,
): { readonly start_date: string; readonly end_date: string } {
  const window = logTimeWindow(timeBounds(range, serverTime));
  // The window ends before `to`; an end date-time includes its instant.
  const end = window.to === undefined ? serverTime : window.to - 1;
  const start = window.from ?? end - LOG_TIME_PRESETS['24h'];
  return { start_date: new Date(start).toISOString(), end_date: new Date(end).toISOString() };
}

/** Whether entries arriving now belong to the range (a preset, or a custom range without an end). */
export const rangeIsLive = (range: TimeRange) => range.choice !== 'custom' || range.to === '';

/** A text filter from the address. */
export const readText = (params: URLSearchParams, name: string) => params.get(name) ?? '';

/** A list filter from the address, each item checked by `accept`. */
export function readList<T>(params: URLSearchParams, name: string, accept: (item: string) => T | null): T[] {
  return (params.get(name) ?? '')
    .split(',')
    .map((item) => accept(item.trim()))
    .filter((item): item is T => item !== null);
}

/** The address with one filter set (or removed when empty). */
export function withFilter(params: URLSearchParams, name: string, value: string | readonly (string | number)[]) {
  const next = new URLSearchParams(params);
  const text = typeof value === 'string' ? value.trim() : value.join(',');
  if (text) next.set(name, text);
  else next.delete(name);
  return next;
}

/** A number from a fixed set, for list filters of codes (severities, attribute types). */
export const oneOf =
  <T extends number>(allowed: readonly T[]) =>
  (item: string): T | null => {
    const value = Number(item);
    return item !== '' && allowed.includes(value as T) ? (value as T) : null;
  };

/** A name from a fixed set (audit resources and actions). */
export const oneOfNames =
  <T extends string>(allowed: readonly T[]) =>
  (item: string): T | null =>
    allowed.includes(item as T) ? (item as T) : null;

const INPUT_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/;

/**
 * What a custom range's box holds: a date as the spec writes date filters (YYYY-MM-DD, a UTC
 * day, as the API reads it), or a date and a time of day (`YYYY-MM-DD HH:mm`) in the reader's
 * zone (issue 39, item 15); '' for none.
 */
export function boundInputText(bound: string, zone: string): string {
  if (!bound || isIsoDate(bound)) return bound;
  const instant = Date.parse(bound);
  return Number.isNaN(instant) ? '' : wallText(instant, zone).replace('T', ' ');
}

/** A box's text as a bound ('' when empty; a time of day read in the reader's zone), or null when it is neither form. */
export function boundFromInput(text: string, zone: string): string | null {
  const value = text.trim();
  if (!value || isIsoDate(value)) return value;
  if (!INPUT_DATE_TIME.test(value)) return null;
  const instant = instantOfWallText(value, zone);
  if (instant === null) return null;
  const bound = new Date(instant).toISOString().replace('.000Z', 'Z');
  return isLogTimeBound(bound) ? bound : null;
}

/** The instants a custom range covers, first and last, for the product's date formatter; null at an open end. */
export function rangeInstants(range: TimeRange): { readonly first: number | null; readonly last: number | null } {
  const window = logTimeWindow(timeBounds(range, 0));
  return { first: window.from ?? null, last: window.to === undefined ? null : window.to - 1 };
}
