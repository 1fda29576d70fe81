import { z } from 'zod';
import { UTC_ZONE, wallTimeOf, zoneOffsetLabel } from './timeZone.js';

export const ServerClockResponseSchema = z.object({ server_clock: z.iso.datetime({ offset: true }) });
export type ServerClockResponse = z.infer<typeof ServerClockResponseSchema>;

/** Last received remote time and the local time at receipt: enough to tick locally. */
export interface ServerClock {
  readonly remoteTime: number;
  readonly receivedAt: number;
}

export function serverNow(clock: ServerClock, localNow: number): number {
  return clock.remoteTime + (localNow - clock.receivedAt);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Every date and time the console shows: 'D MMM, YYYY HH:mm:ss (zone)', the shape of the server
 * clock (section 4), in the reader's zone and labelled with its offset then ('(UTC+2)'; '(UTC)'
 * at none). The one formatter of the product (issue 39, item 15).
 */
export function formatDateTime(epochMs: number, zone: string): string {
  const wall = wallTimeOf(epochMs, zone);
  return (
    `${wall.day} ${MONTHS[wall.month - 1]}, ${wall.year} ` +
    `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)} (${zoneOffsetLabel(epochMs, zone)})`
  );
}

/** The server clock as the spec writes it, always UTC: 'D MMM, YYYY HH:mm:ss (UTC)'. */
export function formatServerClock(epochMs: number): string {
  return formatDateTime(epochMs, UTC_ZONE);
}

/** An ISO timestamp from the API, written by formatDateTime in the reader's zone. Unreadable input is '-'. */
export function formatTimestamp(iso: string | null | undefined, zone: string): string {
  const epochMs = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(epochMs) ? '-' : formatDateTime(epochMs, zone);
}

/** The time of day of a timestamp, 'HH:mm:ss' in the reader's zone, for compact lists. */
export function formatTimeOfDay(iso: string, zone: string): string {
  const epochMs = Date.parse(iso);
  if (Number.isNaN(epochMs)) return '-';
  const wall = wallTimeOf(epochMs, zone);
  return `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}
