import {
  formatDateTime,
  formatTimeOfDay,
  formatTimestamp,
  isTimeZone,
  platformTimeZone,
  UTC_ZONE,
  zoneOffsetLabel,
} from '@halo/shared';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSessionSelector } from '../session';

/**
 * The zone every time on screen is shown and read in (issue 39, item 15): the user's choice
 * (their session's time_zone), or their browser's. Outside a session (tests, the login page)
 * it is the browser's.
 */
const TimeZoneContext = createContext<string>(platformTimeZone());

/** The zone a stored choice names here: the browser's when none, or one this browser does not know. */
export function effectiveTimeZone(choice: string | null | undefined): string {
  return choice && isTimeZone(choice) ? choice : platformTimeZone();
}

/** Gives the session's zone to everything below it. */
export function TimeZoneProvider({ children }: { readonly children: ReactNode }) {
  const choice = useSessionSelector((snapshot) => snapshot.context.session?.time_zone);
  return <TimeZoneContext.Provider value={effectiveTimeZone(choice)}>{children}</TimeZoneContext.Provider>;
}

/** The reader's zone. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

/** The product's formatters (shared/src/server-clock) bound to the reader's zone. */
export interface TimeFormat {
  readonly zone: string;
  /** 'D MMM, YYYY HH:mm:ss (UTC+2)'. */
  readonly dateTime: (epochMs: number) => string;
  /** An API timestamp as dateTime writes it; '-' when unreadable. */
  readonly timestamp: (iso: string | null | undefined) => string;
  /** 'HH:mm:ss'. */
  readonly timeOfDay: (iso: string) => string;
  /** The zone's offset at an instant (now by default), as times are labelled: 'UTC+2'. */
  readonly offsetLabel: (epochMs?: number) => string;
  /** The zone as named beside a field times are typed in: 'Asia/Jerusalem, UTC+2', or 'UTC'. */
  readonly zoneName: (epochMs?: number) => string;
}

export function timeFormatOf(zone: string): TimeFormat {
  return {
    zone,
    dateTime: (epochMs) => formatDateTime(epochMs, zone),
    timestamp: (iso) => formatTimestamp(iso, zone),
    timeOfDay: (iso) => formatTimeOfDay(iso, zone),
    offsetLabel: (epochMs = Date.now()) => zoneOffsetLabel(epochMs, zone),
    zoneName: (epochMs = Date.now()) =>
      zone === UTC_ZONE ? UTC_ZONE : `${zone.replaceAll('_', ' ')}, ${zoneOffsetLabel(epochMs, zone)}`,
  };
}

/** Every time a component shows goes through here (no component formats a date by itself). */
export function useTimeFormat(): TimeFormat {
  const zone = useTimeZone();
  return useMemo(() => timeFormatOf(zone), [zone]);
}

/** An API timestamp, or an instant, written in the reader's zone. */
export function Timestamp(props: { readonly iso: string | null | undefined } | { readonly at: number }) {
  const format = useTimeFormat();
  return <>{'at' in props ? format.dateTime(props.at) : format.timestamp(props.iso)}</>;
}

/** A time of day of an API timestamp in the reader's zone. */
export function TimeOfDay({ iso }: { readonly iso: string }) {
  return <>{useTimeFormat().timeOfDay(iso)}</>;
}
