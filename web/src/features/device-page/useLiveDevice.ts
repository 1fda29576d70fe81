import type { DeviceLiveState } from '@halo/shared';
import { useEffect, useMemo, useRef } from 'react';
import type { ChannelFleet, FleetFeedState } from '../../lib/fleet';
import { useObservableValue } from '../../lib/realtime';

const CONNECTING: FleetFeedState = { kind: 'connecting' };

/**
 * One device's live state from the environment's fleet (the worker fed by the socket, the one
 * the Devices screen reads: subscribed if nobody was), never a poll. Undefined until the fleet
 * has said; null when it does not hold the device.
 */
export function useLiveDevice(
  fleet: ChannelFleet,
  deviceId: number,
): { readonly live: DeviceLiveState | null | undefined; readonly feed: FleetFeedState } {
  const live$ = useMemo(() => fleet.device$(deviceId), [fleet, deviceId]);
  const live = useObservableValue<DeviceLiveState | null | undefined>(live$, undefined);
  const feed = useObservableValue(fleet.state$, CONNECTING);
  return { live, feed };
}

/** What of a live state changes the timeline: its connection and its links' counts. */
export function timelineChangeKey(live: DeviceLiveState | null | undefined): string | null {
  if (!live) return null;
  const links = Object.entries(live.links ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, counts]) => `${kind}:${counts.online}/${counts.total}`)
    .join(',');
  return `${live.is_activated ? 1 : 0}|${live.availability ?? '-'}|${links}`;
}

/** How long the live status must rest before the timeline is asked again (a flapping link asks once). */
export const LIVE_REFRESH_DEBOUNCE_MS = 3000;

/**
 * Calls `refresh` once the live status' connection or links changed and stayed so for
 * `delayMs`: the page follows what happens without a timer of its own.
 */
export function useRefreshOnChange(
  key: string | null,
  enabled: boolean,
  refresh: () => void,
  delayMs = LIVE_REFRESH_DEBOUNCE_MS,
): void {
  const seen = useRef<string | null>(null);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(() => {
    if (key === null) return undefined;
    const previous = seen.current;
    seen.current = key;
    // The first state known is what the timeline was loaded with.
    if (previous === null || previous === key || !enabled) return undefined;
    const timer = window.setTimeout(() => refreshRef.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, enabled, delayMs]);
}
