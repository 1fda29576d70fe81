import { z } from 'zod';

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

/** 'D MMM, YYYY HH:mm:ss (UTC)'. */
export function formatServerClock(epochMs: number): string {
  const date = new Date(epochMs);
  return (
    `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} (UTC)`
  );
}

/**
 * Every date and time the console shows is written like the server clock (section 4: 'D MMM,
 * YYYY HH:mm:ss (UTC)'); an ISO timestamp from the API goes through here. Unreadable input is '-'.
 */
export function formatTimestamp(iso: string | null | undefined): string {
  const epochMs = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(epochMs) ? '-' : formatServerClock(epochMs);
}

/** The time of day of a timestamp, 'HH:mm:ss' in UTC, for compact lists under a UTC clock. */
export function formatTimeOfDay(iso: string): string {
  const epochMs = Date.parse(iso);
  if (Number.isNaN(epochMs)) return '-';
  const date = new Date(epochMs);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}
