import { z } from 'zod';
import { ValidationKey } from '../validation/rules.js';

/**
 * Time zones (issue 39, item 15). Each user reads and enters times in a zone of their own, by
 * default their browser's; the server clock and the upgrade hours stay in UTC, as the spec
 * writes them. Zones are IANA names, resolved by the platform's Intl (no zone data of our own).
 */
export const UTC_ZONE = 'UTC';

/** The wall time of an instant in a zone, to the second. */
export interface WallTime {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one is far slower than using it. Throws a RangeError for an unknown zone. */
function wallFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether a name is a time zone this platform knows (an IANA name, 'UTC' included). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    wallFormatter(name);
    return true;
  } catch {
    return false;
  }
}

/** A time zone as the API takes it: an IANA name. */
export const TimeZoneSchema = z.string().max(64).refine(isTimeZone, ValidationKey.INVALID);

/**
 * IANA's current names of the zones that the platform's ICU (CLDR) still calls by their first
 * name: Intl lists 'Asia/Calcutta', resolves 'Asia/Kolkata' to it, and a user in India looks
 * for Kolkata. Both names are accepted everywhere; the current one is shown and saved.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The platform's own name of a zone (its canonical one: 'Asia/Calcutta' for 'Asia/Kolkata'). */
const platformNameOf = (zone: string): string => wallFormatter(zone).resolvedOptions().timeZone;

/** A known zone by its current IANA name ('Asia/Kolkata' for 'Asia/Calcutta'); an unknown name as it is. */
export function currentTimeZoneName(zone: string): string {
  if (!isTimeZone(zone)) return zone;
  const name = platformNameOf(zone);
  return CURRENT_NAMES[name] ?? name;
}

/** The names a zone is also known by: its platform name when the current one differs ('Asia/Calcutta'). */
export function formerTimeZoneNames(zone: string): readonly string[] {
  if (!isTimeZone(zone)) return [];
  const name = platformNameOf(zone);
  return name === currentTimeZoneName(zone) ? [] : [name];
}

/** Whether two names are one zone ('Asia/Kolkata' and 'Asia/Calcutta'). */
export function sameTimeZone(a: string, b: string): boolean {
  return a === b || (isTimeZone(a) && isTimeZone(b) && platformNameOf(a) === platformNameOf(b));
}

/** The zones a user may choose from: UTC first, then the platform's IANA zones by their current names. */
export function selectableTimeZones(): readonly string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const named = supported.filter((zone) => zone !== UTC_ZONE).map((zone) => CURRENT_NAMES[zone] ?? zone);
  return [UTC_ZONE, ...named.sort()];
}

/** The browser's (or the process's) own zone, by its current name; UTC when the platform names none. */
export function platformTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? currentTimeZoneName(zone) : UTC_ZONE;
}

/** The wall time of an instant in a zone. */
export function wallTimeOf(epochMs: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of wallFormatter(zone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const wallAsUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far a zone's wall clock is ahead of UTC at an instant, in ms (Asia/Jerusalem in winter: 2 h). */
export function zoneOffsetMs(epochMs: number, zone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return wallAsUtc(wallTimeOf(wholeSecond, zone)) - wholeSecond;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall time names in a zone. Around a change of offset it is read as Temporal's
 * 'compatible' disambiguation reads it: a wall time that happens twice (clocks going back) is
 * the earlier; one that never happens (clocks going forward) is read with the offset before
 * the change, so it lands as far after the change as it was after the old offset's hour.
 */
export function instantOfWallTime(wall: WallTime, zone: string): number {
  const local = wallAsUtc(wall);
  const before = zoneOffsetMs(local - DAY_MS, zone);
  const after = zoneOffsetMs(local + DAY_MS, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => local - zoneOffsetMs(instant, zone) === instant)
    .sort((a, b) => a - b);
  return candidates[0] ?? local - before;
}

/** The offset of a zone at an instant as the console labels times: 'UTC', 'UTC+2', 'UTC-3:30'. */
export function zoneOffsetLabel(epochMs: number, zone: string): string {
  const offsetMinutes = Math.round(zoneOffsetMs(epochMs, zone) / 60_000);
  if (offsetMinutes === 0) return UTC_ZONE;
  const sign = offsetMinutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return `UTC${sign}${hours}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
}

/**
 * The instant a wall time names in a zone, the wall time given as the epoch ms it would be in
 * UTC (for stepping a wall clock by whole hours or days: a day's ticks at the zone's midnight).
 */
export function instantOfWallClock(wallMs: number, zone: string): number {
  const date = new Date(wallMs);
  return instantOfWallTime(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    },
    zone,
  );
}

const DATE_TIME_INPUT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a typed wall time names in a zone ('2026-12-01T06:00' or '2026-12-01 06:00', as
 * a datetime-local input or a text box holds it); null when the text names no such time.
 */
export function instantOfWallText(text: string, zone: string): number | null {
  const match = DATE_TIME_INPUT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = { year, month, day, hour, minute, second };
  // Refuse what Date.UTC would roll over (31 Feb, 25:00).
  const check = new Date(wallAsUtc(wall));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  )
    return null;
  return instantOfWallTime(wall, zone);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm', what a datetime-local input shows for an instant in a zone. */
export function wallText(epochMs: number, zone: string): string {
  const wall = wallTimeOf(epochMs, zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}
