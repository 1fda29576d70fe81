/**
 * A device's timeline (issue 28): what happened to one device over a window, from the history
 * the provider keeps (device readings, position samples, system logs, alarms). The product's
 * own call, an extension of spec section 7.
 */
import { z } from 'zod';
import { QueryIntSchema } from '../common.js';
import { LINK_INTERFACE_KINDS } from '../constants/constants.js';
import { AlarmSchema } from '../alarms/alarm.js';
import { SilenceNoticeSchema } from '../alarms/silence.js';
import { SystemLogEntrySchema } from '../logs/systemLog.js';
import { ValidationKey } from '../validation/rules.js';

/** The windows the device page offers besides a custom one (ms). */
export const DEVICE_TIMELINE_WINDOWS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
export type DeviceTimelineWindow = keyof typeof DEVICE_TIMELINE_WINDOWS;

/** The longest window one timeline call may cover: 31 days. */
export const DEVICE_TIMELINE_MAX_WINDOW_MS = 31 * 86_400_000;
/** At most this many points of readings and of the location track; longer windows come thinned. */
export const DEVICE_TIMELINE_MAX_POINTS = 600;
/** At most this many system log entries and alarms in one answer (the newest ones). */
export const DEVICE_TIMELINE_MAX_EVENTS = 500;

/** `from` and `to` are epoch milliseconds; `to` after `from`, at most DEVICE_TIMELINE_MAX_WINDOW_MS apart. */
export const DeviceTimelineQuerySchema = z
  .strictObject({ from: QueryIntSchema, to: QueryIntSchema })
  .refine((query) => query.to > query.from && query.to - query.from <= DEVICE_TIMELINE_MAX_WINDOW_MS, {
    message: ValidationKey.INVALID,
    path: ['to'],
  });
export type DeviceTimelineQuery = z.infer<typeof DeviceTimelineQuerySchema>;

/** A stretch of time in one state: [from, to) in epoch ms. `state` null: nothing was recorded. */
export const TimelineSegmentSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** Connection: 1 connected, 0 not connected. Link: 1 up, 0 down. Null: unknown (no reading). */
  state: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type TimelineSegment = z.infer<typeof TimelineSegmentSchema>;

/**
 * A link's key within its device: its interface kind and its place (from 0) in the device's
 * halo_data_links_info list of that kind, `cellular:0` for the first modem.
 */
export const LinkKeySchema = z.string().regex(new RegExp(`^(${LINK_INTERFACE_KINDS.join('|')}):\\d{1,2}$`));
export type LinkKind = (typeof LINK_INTERFACE_KINDS)[number];

export const linkKey = (kind: LinkKind, index: number) => `${kind}:${index}`;

/** The kind and place a link key names, or null for anything that is not one. */
export function parseLinkKey(key: string): { kind: LinkKind; index: number } | null {
  if (!LinkKeySchema.safeParse(key).success) return null;
  const [kind, index] = key.split(':');
  return { kind: kind as LinkKind, index: Number(index) };
}

/** One link's up/down over the window: `key` names it within the device ("cellular:0", "eth:1"). */
export const TimelineLinkSchema = z.object({
  key: z.string(),
  kind: z.enum(LINK_INTERFACE_KINDS),
  /** The link's own name as the device reports it, if any (modem or interface name). */
  name: z.string().nullable(),
  segments: z.array(TimelineSegmentSchema),
});
export type TimelineLink = z.infer<typeof TimelineLinkSchema>;

/**
 * Readings as columns (same length): time (epoch ms), the best online cellular modem's signal as
 * the device reports it in halo_data_links_info (the simulator's: 0-100), temperature (°C).
 * A thinned window's point is the mean of the readings of its stretch, at the stretch's first.
 */
export const TimelineReadingsSchema = z.object({
  time: z.array(z.number().int()),
  signal: z.array(z.number().nullable()),
  temperature: z.array(z.number().nullable()),
});
export type TimelineReadings = z.infer<typeof TimelineReadingsSchema>;

/** One point of the location track. */
export const TrackPointSchema = z.object({
  time: z.number().int(),
  longitude: z.number(),
  latitude: z.number(),
  connected: z.boolean(),
});
export type TrackPoint = z.infer<typeof TrackPointSchema>;

export const DeviceTimelineSchema = z.object({
  device_id: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  connection: z.array(TimelineSegmentSchema),
  links: z.array(TimelineLinkSchema),
  readings: TimelineReadingsSchema,
  /** The device's system log entries in the window, newest first (at most DEVICE_TIMELINE_MAX_EVENTS). */
  logs: z.array(SystemLogEntrySchema),
  /** The device's alarms open at any time in the window, the newest first. */
  alarms: z.array(AlarmSchema),
  /** The silences in force now that cover the device (issue 39, item 2): its page says what silences it. */
  silences: z.array(SilenceNoticeSchema),
  track: z.array(TrackPointSchema),
  /** True when there was more than the answer holds (logs or alarms past the cap; readings/track are thinned, not cut). */
  truncated: z.boolean(),
});
export type DeviceTimeline = z.infer<typeof DeviceTimelineSchema>;
