import {
  API,
  DEVICE_TIMELINE_MAX_EVENTS,
  DEVICE_TIMELINE_MAX_POINTS,
  LINK_INTERFACE_KINDS,
  linkKey,
  parseLinkKey,
  type DataLinksInfo,
  type DeviceTimeline,
  type TimelineLink,
  type TimelineReadings,
  type TimelineSegment,
  type TrackPoint,
} from '@halo/shared';
import { sql, type Kysely } from 'kysely';
import { route } from '../../http/endpointRoute.js';
import { findReachable } from '../../http/reachable.js';
import { silencesInForce } from '../../store/alarmSilences.js';
import { parseLinksInfo } from '../../store/deviceJsonColumns.js';
import type { Database } from '../../store/schema.js';
import { alarmView } from '../alarms/alarmQuery.js';
import { systemLogEntry } from '../logs/systemLogQuery.js';
import { segmentsOf, segmentStateOf, withinConnection, type StateChange } from './timelineSegments.js';

/**
 * Changes of one series (the connection, or all links together) one answer reads at most: far
 * above what a device makes in the longest window (the simulator's busiest, about 400 link
 * changes a day); past it the rest of the window reads as unknown and the answer as truncated.
 */
const CHANGES_MAX = 20_000;

interface Window {
  readonly deviceId: number;
  readonly from: number;
  /** The end of what is known: the window's end, or now when it reaches past now. */
  readonly until: number;
}

/** A column of rows thinned to at most DEVICE_TIMELINE_MAX_POINTS stretches: which stretch a time falls in. */
const stretchOf = (column: string, { from, until }: Window) =>
  sql<number>`cast((${sql.ref(column)} - ${from}) * ${DEVICE_TIMELINE_MAX_POINTS} / ${Math.max(1, until - from)} as integer)`;

const readingsIn = (db: Kysely<Database>, window: Window) =>
  db
    .selectFrom('device_readings')
    .where('device_id', '=', window.deviceId)
    .where('reading_time', '>=', window.from)
    .where('reading_time', '<', window.until);

const samplesIn = (db: Kysely<Database>, window: Window) =>
  db
    .selectFrom('position_samples')
    .where('device_id', '=', window.deviceId)
    .where('sample_time', '>=', window.from)
    .where('sample_time', '<', window.until);

/** The readings and track one by one, one more than fit (so a window that holds more is told apart). */
function rawPoints(db: Kysely<Database>, window: Window) {
  return [
    readingsIn(db, window)
      .select(['reading_time as time', 'signal', 'temperature'])
      .orderBy('reading_time')
      .limit(DEVICE_TIMELINE_MAX_POINTS + 1)
      .compile(),
    samplesIn(db, window)
      .select(['sample_time as time', 'longitude', 'latitude', 'connected'])
      .orderBy('sample_time')
      .limit(DEVICE_TIMELINE_MAX_POINTS + 1)
      .compile(),
  ] as const;
}

/** The readings as stretches: each stretch's means at its first reading's time. */
const thinnedReadings = (db: Kysely<Database>, window: Window) =>
  readingsIn(db, window)
    .select((eb) => [
      eb.fn.min('reading_time').as('time'),
      eb.fn.avg<number | null>('signal').as('signal'),
      eb.fn.avg<number | null>('temperature').as('temperature'),
    ])
    .groupBy(stretchOf('reading_time', window))
    .orderBy(sql`1`)
    .compile();

/** The track as stretches: the mean position, connected only when every sample of it was. */
const thinnedTrack = (db: Kysely<Database>, window: Window) =>
  samplesIn(db, window)
    .select((eb) => [
      eb.fn.min('sample_time').as('time'),
      eb.fn.avg<number>('longitude').as('longitude'),
      eb.fn.avg<number>('latitude').as('latitude'),
      eb.fn.min('connected').as('connected'),
    ])
    .groupBy(stretchOf('sample_time', window))
    .orderBy(sql`1`)
    .compile();

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function readingColumns(rows: readonly { time: unknown; signal: unknown; temperature: unknown }[]): TimelineReadings {
  return {
    time: rows.map((row) => Number(row.time)),
    signal: rows.map((row) => numberOrNull(row.signal)),
    temperature: rows.map((row) => numberOrNull(row.temperature)),
  };
}

const trackPoints = (
  rows: readonly { time: unknown; longitude: unknown; latitude: unknown; connected: unknown }[],
): TrackPoint[] =>
  rows.map((row) => ({
    time: Number(row.time),
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    connected: Number(row.connected) === 1,
  }));

/** The keys of the links a device reports now, in kind order. */
const currentLinkKeys = (links: DataLinksInfo | null) =>
  links ? LINK_INTERFACE_KINDS.flatMap((kind) => links[kind].map((_link, index) => linkKey(kind, index))) : [];

const linkOrder = (key: string) => {
  const parsed = parseLinkKey(key);
  return parsed ? LINK_INTERFACE_KINDS.indexOf(parsed.kind) * 100 + parsed.index : Number.MAX_SAFE_INTEGER;
};

/** Changes as read (time order), capped at CHANGES_MAX: those within, and where what is known ends. */
function capped<Row extends { changed_at: unknown }>(rows: readonly Row[], until: number) {
  const over = rows[CHANGES_MAX];
  return { rows: rows.slice(0, CHANGES_MAX), knownUntil: over ? Number(over.changed_at) : until, truncated: !!over };
}

/**
 * Each link's segments (the links the device reports now and any with changes in the window),
 * bounded by the device's connection: a link is down while the device is not connected.
 */
function linkSegments(
  links: DataLinksInfo | null,
  before: ReadonlyMap<string, number>,
  changes: readonly { link_key: string; changed_at: unknown; state: unknown }[],
  window: { from: number; to: number; knownUntil: number },
  connection: readonly TimelineSegment[],
): TimelineLink[] {
  const byKey = new Map<string, StateChange[]>(currentLinkKeys(links).map((key) => [key, []]));
  for (const change of changes) {
    const list = byKey.get(change.link_key) ?? [];
    list.push({ at: Number(change.changed_at), state: segmentStateOf(change.state) });
    byKey.set(change.link_key, list);
  }
  return [...byKey.keys()]
    .filter((key) => parseLinkKey(key) !== null)
    .sort((a, b) => linkOrder(a) - linkOrder(b))
    .map((key) => {
      const { kind, index } = parseLinkKey(key)!;
      return {
        key,
        kind,
        name: links?.[kind][index]?.name ?? null,
        segments: withinConnection(
          segmentsOf(segmentStateOf(before.get(key)), byKey.get(key) ?? [], window),
          connection,
        ),
      };
    });
}

/** A device's changes of the connection or of its links in the window, oldest first, one more than are read. */
const changesIn = (
  db: Kysely<Database>,
  table: 'device_connection_changes' | 'device_link_changes',
  { deviceId, from, until }: Window,
) =>
  db
    .selectFrom(table)
    .where('device_id', '=', deviceId)
    .where('changed_at', '>=', from)
    .where('changed_at', '<', until)
    .orderBy('changed_at')
    .limit(CHANGES_MAX + 1);

/** Everything of the window in one snapshot (one read transaction), so its parts agree. */
function timelineQueries(db: Kysely<Database>, environmentId: number, window: Window, to: number, keys: string[]) {
  const { deviceId, from } = window;
  const connectionBefore = db
    .selectFrom('device_connection_changes')
    .select('state')
    .where('device_id', '=', deviceId)
    .where('changed_at', '<', from)
    .orderBy('changed_at', 'desc')
    .limit(1)
    .compile();
  const connection = changesIn(db, 'device_connection_changes', window).select(['changed_at', 'state']).compile();
  const links = changesIn(db, 'device_link_changes', window).select(['link_key', 'changed_at', 'state']).compile();
  const logs = db
    .selectFrom('system_logs')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('environment_id', '=', environmentId)
    .where('log_time', '>=', from)
    .where('log_time', '<', to)
    .orderBy('log_time', 'desc')
    .orderBy('id', 'desc')
    .limit(DEVICE_TIMELINE_MAX_EVENTS + 1)
    .compile();
  const alarms = db
    .selectFrom('alarms')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('environment_id', '=', environmentId)
    .where('opened_at', '<', to)
    .where((eb) => eb.or([eb('cleared_at', 'is', null), eb('cleared_at', '>=', from)]))
    .orderBy('opened_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DEVICE_TIMELINE_MAX_EVENTS + 1)
    .compile();
  // Each link's state at `from`: the last change before it, one small read per link the device reports.
  const linksBefore =
    keys.length === 0
      ? db
          .selectFrom('device_link_changes')
          .select(['link_key', 'state'])
          .where(sql<boolean>`1 = 0`)
          .compile()
      : sql<{ link_key: string; state: number }>`${sql.join(
          keys.map(
            (key, index) => sql`select * from (select link_key, state from device_link_changes
              where device_id = ${deviceId} and link_key = ${key} and changed_at < ${from}
              order by changed_at desc limit 1) as ${sql.ref(`before${index}`)}`,
          ),
          sql` union all `,
        )}`.compile(db);
  return [connectionBefore, connection, links, logs, alarms, ...rawPoints(db, window), linksBefore] as const;
}

/**
 * GET config/{env}/devices/{id}/timeline?from&to: one device's history over [from, to) (at most
 * 31 days): its connection and each link's up/down as segments (the state in force at `from`
 * included; unknown where nothing was recorded, and after now), its signal and temperature
 * readings and its location track (thinned to DEVICE_TIMELINE_MAX_POINTS each), its system log
 * entries (newest first) and the alarms open at any time in the window. The device is reached
 * as other device calls reach it (its environment, through the path; another's id is not
 * found). Read in the read pool, off the loop that answers everyone, under the page budget.
 */
export const getDeviceTimeline = route(API.devices.timeline, (context) => async ({ auth, params, query, signal }) => {
  const device = await findReachable(context.db, 'devices', auth, params.id);
  const now = context.now();
  const { from, to } = query;
  const window: Window = { deviceId: device.id, from, until: Math.max(from, Math.min(to, now)) };
  const links = parseLinksInfo(device.halo_data_links_info);
  const keys = currentLinkKeys(links);
  const read = context.reads.begin('page', signal);
  const [connectionBefore, connectionRows, linkRows, logRows, alarmRows, readingRows, trackRows, linkBeforeRows] =
    await read.snapshot(timelineQueries(context.db, auth.target.id, window, to, keys));
  // A window that holds more than fit is read again as stretches (a second, small read).
  const readings =
    readingRows.length > DEVICE_TIMELINE_MAX_POINTS
      ? await read.rows(thinnedReadings(context.db, window))
      : readingRows;
  const track =
    trackRows.length > DEVICE_TIMELINE_MAX_POINTS ? await read.rows(thinnedTrack(context.db, window)) : trackRows;
  const connection = capped(connectionRows, window.until);
  const linkChanges = capped(linkRows, window.until);
  const silences = await silencesInForce(context.db, [auth.target.id], now);
  const connectionSegments = segmentsOf(
    segmentStateOf(connectionBefore[0]?.state),
    connection.rows.map((row) => ({ at: Number(row.changed_at), state: segmentStateOf(row.state) })),
    { from, to, knownUntil: connection.knownUntil },
  );
  const timeline: DeviceTimeline = {
    device_id: device.id,
    from,
    to,
    connection: connectionSegments,
    links: linkSegments(
      links,
      new Map(linkBeforeRows.map((row) => [row.link_key, Number(row.state)])),
      linkChanges.rows,
      { from, to, knownUntil: linkChanges.knownUntil },
      connectionSegments,
    ),
    readings: readingColumns(readings),
    logs: logRows.slice(0, DEVICE_TIMELINE_MAX_EVENTS).map(systemLogEntry),
    alarms: alarmRows.slice(0, DEVICE_TIMELINE_MAX_EVENTS).map((row) => alarmView(row, silences, now)),
    track: trackPoints(track),
    truncated:
      connection.truncated ||
      linkChanges.truncated ||
      logRows.length > DEVICE_TIMELINE_MAX_EVENTS ||
      alarmRows.length > DEVICE_TIMELINE_MAX_EVENTS,
  };
  return timeline;
});
