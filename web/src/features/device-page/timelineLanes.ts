import {
  instantOfWallClock,
  LINK_INTERFACE_KINDS,
  wallTimeOf,
  zoneOffsetMs,
  type Alarm,
  type DeviceTimeline,
  type LinkInterfaceKind,
  type SystemLogEntry,
  type TimelineSegment,
} from '@halo/shared';

/** What a stretch of a lane shows: connected / link up, not connected / link down, or nothing recorded. */
export type BandState = 'up' | 'down' | 'unknown';

/** One stretch of a lane, placed on the window: `start` and `width` are shares of it (0-1). */
export interface LaneBand {
  readonly from: number;
  readonly to: number;
  readonly state: BandState;
  readonly start: number;
  readonly width: number;
}

export interface TimelineLane {
  /** `connection`, or the link's key within the device ("cellular:0"). */
  readonly key: string;
  /** A link's interface kind; null for the connection lane. */
  readonly kind: LinkInterfaceKind | null;
  /** The link's own name as the device reports it, if any. */
  readonly name: string | null;
  readonly bands: readonly LaneBand[];
}

const stateOf = (segment: TimelineSegment): BandState =>
  segment.state === 1 ? 'up' : segment.state === 0 ? 'down' : 'unknown';

/**
 * A lane's bands over [from, to): the segments cut to the window, in time order, the gaps
 * between them (and before and after) as unknown, and neighbours in the same state as one band.
 */
export function bandsOf(segments: readonly TimelineSegment[], from: number, to: number): LaneBand[] {
  const span = to - from;
  if (span <= 0) return [];
  const stretches: { from: number; to: number; state: BandState }[] = [];
  const push = (start: number, end: number, state: BandState) => {
    if (end <= start) return;
    const last = stretches.at(-1);
    if (last && last.state === state && last.to >= start) last.to = Math.max(last.to, end);
    else stretches.push({ from: start, to: end, state });
  };
  let cursor = from;
  for (const segment of [...segments].sort((a, b) => a.from - b.from)) {
    const start = Math.max(segment.from, from, cursor);
    const end = Math.min(segment.to, to);
    if (end <= start) continue;
    push(cursor, start, 'unknown');
    push(start, end, stateOf(segment));
    cursor = end;
  }
  push(cursor, to, 'unknown');
  return stretches.map((stretch) => ({
    ...stretch,
    start: (stretch.from - from) / span,
    width: (stretch.to - stretch.from) / span,
  }));
}

const kindOrder = (kind: LinkInterfaceKind) => LINK_INTERFACE_KINDS.indexOf(kind);

/** The timeline's lanes: the connection first, then one per link, by interface kind (cellular first) and key. */
export function timelineLanes(timeline: DeviceTimeline): TimelineLane[] {
  const { from, to } = timeline;
  const links = [...timeline.links].sort(
    (a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.key.localeCompare(b.key, undefined, { numeric: true }),
  );
  return [
    { key: 'connection', kind: null, name: null, bands: bandsOf(timeline.connection, from, to) },
    ...links.map((link) => ({
      key: link.key,
      kind: link.kind,
      name: link.name,
      bands: bandsOf(link.segments, from, to),
    })),
  ];
}

/** A system log entry or an alarm as a mark on the timeline. */
export type TimelineEvent =
  | {
      readonly kind: 'log';
      readonly id: number;
      readonly time: number;
      /** Where on the window (0-1). */
      readonly position: number;
      readonly severity: number;
      readonly entry: SystemLogEntry;
    }
  | {
      readonly kind: 'alarm';
      readonly id: number;
      readonly time: number;
      readonly position: number;
      readonly severity: number;
      readonly alarm: Alarm;
    };

const clampShare = (time: number, from: number, to: number) => Math.min(1, Math.max(0, (time - from) / (to - from)));

/**
 * The window's system log entries and alarms, newest first: a log entry where it was logged,
 * an alarm where it opened (at the window's start when it opened before it), at its worst
 * severity.
 */
export function timelineEvents(timeline: DeviceTimeline): TimelineEvent[] {
  const { from, to } = timeline;
  const events: TimelineEvent[] = [];
  for (const entry of timeline.logs) {
    const time = Date.parse(entry.log_time);
    if (Number.isNaN(time)) continue;
    events.push({
      kind: 'log',
      id: entry.id,
      time,
      position: clampShare(time, from, to),
      severity: entry.severity,
      entry,
    });
  }
  for (const alarm of timeline.alarms) {
    const opened = Date.parse(alarm.opened_at);
    const time = Number.isNaN(opened) ? from : Math.max(opened, from);
    events.push({
      kind: 'alarm',
      id: alarm.id,
      time,
      position: clampShare(time, from, to),
      severity: alarm.peak_severity,
      alarm,
    });
  }
  return events.sort((a, b) => b.time - a.time || (a.kind === b.kind ? b.id - a.id : a.kind === 'alarm' ? -1 : 1));
}

/** One point of the readings chart. */
export interface ReadingPoint {
  readonly time: number;
  readonly signal: number | null;
  readonly temperature: number | null;
}

/** The readings' columns as the chart's rows. */
export function readingPoints(timeline: DeviceTimeline): ReadingPoint[] {
  const { time, signal, temperature } = timeline.readings;
  return time.map((at, index) => ({
    time: at,
    signal: signal[index] ?? null,
    temperature: temperature[index] ?? null,
  }));
}

/** Whether the window holds anything at all: a known state, a reading, an event or a position. */
export function hasHistory(timeline: DeviceTimeline): boolean {
  const known = (segments: readonly TimelineSegment[]) => segments.some((segment) => segment.state !== null);
  return (
    known(timeline.connection) ||
    timeline.links.some((link) => known(link.segments)) ||
    timeline.readings.time.length > 0 ||
    timeline.logs.length > 0 ||
    timeline.alarms.length > 0 ||
    timeline.track.length > 0
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Steps the axis may take, shortest first. */
const TICK_STEPS = [
  MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];

export interface TimeTick {
  readonly time: number;
  readonly position: number;
  readonly label: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The axis' ticks over [from, to): at round times of the reader's zone (its midnights, whole
 * hours) of the shortest step that gives at most `most` of them; `HH:mm` within two days,
 * `D MMM` (with the hour unless at midnight) beyond.
 */
export function timeTicks(from: number, to: number, zone: string, most = 8): TimeTick[] {
  const span = to - from;
  if (span <= 0) return [];
  const step = TICK_STEPS.find((candidate) => span / candidate <= most) ?? TICK_STEPS.at(-1)!;
  const ticks: TimeTick[] = [];
  const firstWall = Math.ceil((from + zoneOffsetMs(from, zone)) / step) * step;
  for (let wallMs = firstWall; ; wallMs += step) {
    const time = instantOfWallClock(wallMs, zone);
    if (time >= to) break;
    if (time < from || (ticks.length > 0 && time <= ticks.at(-1)!.time)) continue;
    const wall = wallTimeOf(time, zone);
    const clock = `${pad(wall.hour)}:${pad(wall.minute)}`;
    const day = `${wall.day} ${MONTHS[wall.month - 1]}`;
    const label = span <= 2 * DAY ? clock : clock === '00:00' ? day : `${day} ${clock}`;
    ticks.push({ time, position: (time - from) / span, label });
  }
  return ticks;
}
