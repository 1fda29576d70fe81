import {
  DEVICE_TIMELINE_MAX_WINDOW_MS,
  DEVICE_TIMELINE_WINDOWS,
  instantOfWallText,
  wallText,
  type DeviceTimelineWindow,
} from '@halo/shared';

/** The presets offered besides a custom window, shortest first. */
export const TIME_WINDOW_PRESETS = Object.keys(DEVICE_TIMELINE_WINDOWS) as DeviceTimelineWindow[];

/**
 * A window of time as the user chose it: a preset that ends now (and moves with "now"), or a
 * fixed from-to (epoch ms).
 */
export type TimeWindow =
  | { readonly kind: 'preset'; readonly preset: DeviceTimelineWindow }
  | { readonly kind: 'custom'; readonly from: number; readonly to: number };

export const DEFAULT_TIME_WINDOW: TimeWindow = { kind: 'preset', preset: '24h' };

/** The address's parameters: `?window=24h`, or `?from=…&to=…` (ISO 8601 or epoch ms). */
export const WINDOW_PARAM = 'window';
export const FROM_PARAM = 'from';
export const TO_PARAM = 'to';

const isPreset = (value: string | null): value is DeviceTimelineWindow =>
  value !== null && Object.hasOwn(DEVICE_TIMELINE_WINDOWS, value);

/** An instant of the address: epoch milliseconds or an ISO 8601 date-time; null when it is neither. */
export function instantOf(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** Whether a custom window is one the API takes: `to` after `from`, at most the longest window apart. */
export function isValidRange(from: number, to: number): boolean {
  return to > from && to - from <= DEVICE_TIMELINE_MAX_WINDOW_MS;
}

/** The window an address asks for; the default (24 h) when it names none, or nonsense. */
export function timeWindowFromSearch(search: URLSearchParams): TimeWindow {
  const preset = search.get(WINDOW_PARAM);
  if (isPreset(preset)) return { kind: 'preset', preset };
  const from = instantOf(search.get(FROM_PARAM));
  const to = instantOf(search.get(TO_PARAM));
  if (from !== null && to !== null && isValidRange(from, to)) return { kind: 'custom', from, to };
  return DEFAULT_TIME_WINDOW;
}

/** The address's parameters with `window` written in (the others kept): a preset as `window`, a custom one as from-to. */
export function searchWithTimeWindow(search: URLSearchParams, window: TimeWindow): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(WINDOW_PARAM);
  next.delete(FROM_PARAM);
  next.delete(TO_PARAM);
  if (window.kind === 'preset') next.set(WINDOW_PARAM, window.preset);
  else {
    next.set(FROM_PARAM, new Date(window.from).toISOString());
    next.set(TO_PARAM, new Date(window.to).toISOString());
  }
  return next;
}

/** The instants a window covers when looked at `now` (epoch ms). */
export function timeWindowRange(window: TimeWindow, now: number): { readonly from: number; readonly to: number } {
  if (window.kind === 'custom') return { from: window.from, to: window.to };
  return { from: now - DEVICE_TIMELINE_WINDOWS[window.preset], to: now };
}

/** A stable text of a window, for keys and comparisons. */
export function timeWindowKey(window: TimeWindow): string {
  return window.kind === 'preset' ? window.preset : `${window.from}-${window.to}`;
}

/** `YYYY-MM-DDTHH:mm` in the reader's zone, what a datetime-local input shows for an instant (issue 39, item 15). */
export function dateTimeInputValue(epochMs: number, zone: string): string {
  return wallText(epochMs, zone);
}

/** The instant a datetime-local input's value names, read in the reader's zone; null when it names none. */
export function instantOfDateTimeInput(value: string, zone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  return instantOfWallText(value, zone);
}
