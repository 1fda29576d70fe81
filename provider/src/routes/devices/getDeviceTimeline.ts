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
import { sql, type Compilable, type Kysely } from 'kysely';
import { route } from '../../http/endpointRoute.js';
import { findReachable } from '../../http/reachable.js';
import { silencedBy, silenceNoticesOf, silencesInForce } from '../../store/alarmSilences.js';
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

/** The readings one by one (one more than fit, so a window holding more is told apart). */
const readingPoints = (db: Kysely<Database>, window: Window) =>
  readingsIn(db, window)
    .select(['reading_time as time', 'signal', 'temperature'])
    .orderBy('reading_time')
    .limit(DEVICE_TIMELINE_MAX_POINTS + 1);

/** The readings as stretches: each stretch's means at its first reading's time. */
const readingStretches = (db: Kysely<Database>, window: Window) =>
  readingsIn(db, window)
    .select((eb) => [
      eb.fn.min('reading_time').as('time'),
      eb.fn.avg<number | null>('signal').as('signal'),
      eb.fn.avg<number | null>('temperature').as('temperature'),
    ])
    .groupBy(stretchOf('reading_time', window));

/** The track's samples one by one (one more than fit). */
const trackPoints = (db: Kysely<Database>, window: Window) =>
  samplesIn(db, window)
    .select(['sample_time as time', 'longitude', 'latitude', 'connected'])
    .orderBy('sample_time')
    .limit(DEVICE_TIMELINE_MAX_POINTS + 1);

/** The track as stretches: the mean position, connected only when every sample of it was. */
const trackStretches = (db: Kysely<Database>, window: Window) =>
  samplesIn(db, window)
    .select((eb) => [
      eb.fn.min('sample_time').as('time'),
      eb.fn.avg<number>('longitude').as('longitude'),
      eb.fn.avg<number>('latitude').as('latitude'),
      eb.fn.min('connected').as('connected'),
    ])
    .groupBy(stretchOf('sample_time', window));

/**
 * Both forms of a series in one statement, told apart by `stretch` (1 for a stretch): one
 * device's week is a few thousand rows, and one statement is one round trip where the reads
 * go to a database server (and one wait for a reader, however many the window holds).
 */
const pointsOrStretches = <Row>(points: Compilable<Row>, stretches: Compilable<Row>) =>
  sql<Row & { stretch: number | string }>`select 0 as stretch, points.* from (${points}) as points
    union all select 1 as stretch, stretches.* from (${stretches}) as stretches`;

/** The points of a series as answered: one by one when they fit, else the stretches; in time order. */
function pointsOf<Row extends { stretch: number | string; time: unknown }>(rows: readonly Row[]): Row[] {
  const points = rows.filter((row) => Number(row.stretch) === 0);
  const answered =
    points.length > DEVICE_TIMELINE_MAX_POINTS ? rows.filter((row) => Number(row.stretch) === 1) : points;
  return answered.sort((a, b) => Number(a.time) - Number(b.time));
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function readingColumns(rows: readonly { time: unknown; signal: unknown; temperature: unknown }[]): TimelineReadings {
  return {
    time: rows.map((row) => Number(row.time)),
    signal: rows.map((row) => numberOrNull(row.signal)),
    temperature: rows.map((row) => numberOrNull(row.temperature)),
  };
}

const trackOf = (
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

/**
 * Changes as read (time order), the ones before the window first: the state in force at `from`
 * (per link: `keyOf`), the changes in the window up to CHANGES_MAX, and where what is known ends.
 */
function splitChanges<Row extends { changed_at: unknown; state: unknown }>(
  rows: readonly Row[],
  from: number,
  until: number,
  keyOf: (row: Row) => string,
) {
  const before = new Map<string, number>();
  const within: Row[] = [];
  for (const row of rows)
    if (Number(row.changed_at) < from) before.set(keyOf(row), Number(row.state));
    else within.push(row);
  const over = within[CHANGES_MAX];
  return {
    before,
    rows: within.slice(0, CHANGES_MAX),
    knownUntil: over ? Number(over.changed_at) : until,
    truncated: over !== undefined,
  };
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

/**
 * Everything of the window in one snapshot (one read transaction, so its parts agree) of six
 * statements. The connection's changes from the last one before the window; the links' changes
 * in the window with, for each link the device reports, its last change before the window.
 */
function timelineQueries(db: Kysely<Database>, environmentId: number, window: Window, to: number, keys: string[]) {
  const { deviceId, from, until } = window;
  const connection = db
    .selectFrom('device_connection_changes')
    .select(['changed_at', 'state'])
    .where('device_id', '=', deviceId)
    .where('changed_at', '<', until)
    .where('changed_at', '>=', (eb) =>
      eb.fn.coalesce(
        eb
          .selectFrom('device_connection_changes as previous')
          .select((previous) => previous.fn.max('previous.changed_at').as('changed_at'))
          .where('previous.device_id', '=', deviceId)
          .where('previous.changed_at', '<', from),
        sql<number>`${from}`,
      ),
    )
    .orderBy('changed_at')
    .limit(CHANGES_MAX + 2)
    .compile();
  const linksBefore = keys.map(
    (key, index) => sql`union all select * from (select link_key, changed_at, state from device_link_changes
      where device_id = ${deviceId} and link_key = ${key} and changed_at < ${from}
      order by changed_at desc limit 1) as ${sql.ref(`before${index}`)}`,
  );
  const links = sql<{ link_key: string; changed_at: number; state: number }>`select * from (
      select link_key, changed_at, state from device_link_changes
      where device_id = ${deviceId} and changed_at >= ${from} and changed_at < ${until}
      ${sql.join(linksBefore, sql` `)}) as changes
    order by changed_at limit ${CHANGES_MAX + keys.length + 1}`.compile(db);
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
  return [
    connection,
    links,
    pointsOrStretches(readingPoints(db, window), readingStretches(db, window)).compile(db),
    pointsOrStretches(trackPoints(db, window), trackStretches(db, window)).compile(db),
    logs,
    alarms,
  ] as const;
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
  const [connectionRows, linkRows, readingRows, trackRows, logRows, alarmRows] = await context.reads
    .begin('page', signal)
    .snapshot(timelineQueries(context.db, auth.target.id, window, to, keys));
  const connection = splitChanges(connectionRows, from, window.until, () => '');
  const linkChanges = splitChanges(linkRows, from, window.until, (row) => row.link_key);
  const silences = await silencesInForce(context.db, [auth.target.id], now);
  const connectionSegments = segmentsOf(
    segmentStateOf(connection.before.get('')),
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
      linkChanges.before,
      linkChanges.rows,
      { from, to, knownUntil: linkChanges.knownUntil },
      connectionSegments,
    ),
    readings: readingColumns(pointsOf(readingRows)),
    logs: logRows.slice(0, DEVICE_TIMELINE_MAX_EVENTS).map(systemLogEntry),
    alarms: alarmRows.slice(0, DEVICE_TIMELINE_MAX_EVENTS).map((row) => alarmView(row, silences, now)),
    silences: silenceNoticesOf(
      silences.filter((silence) => silencedBy([silence], now)({ environmentId: auth.target.id, deviceId: device.id })),
    ),
    track: trackOf(pointsOf(trackRows)),
    truncated:
      connection.truncated ||
      linkChanges.truncated ||
      logRows.length > DEVICE_TIMELINE_MAX_EVENTS ||
      alarmRows.length > DEVICE_TIMELINE_MAX_EVENTS,
  };
  return timeline;
});
