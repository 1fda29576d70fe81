import type { AvailabilityFigures } from '@halo/shared';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql, type Insertable, type Kysely } from 'kysely';
import { forEachSlice } from '../loopTurns.js';
import type {
  ConnectionChangeRow,
  Database,
  DeviceConnectionChangesTable,
  NewLinkChange,
  NewReading,
} from './schema.js';

/**
 * A device's recorded history (migration 029): connection changes with running totals, link
 * changes and readings. The running totals make a window's figures the difference of two rows
 * per device (the last change before each end of the window), so an environment's report
 * reads two rows a device, however long the window and however often devices change.
 */

/** A device's connection: 1 connected, 0 not connected, null unknown. */
export type ConnectionState = 0 | 1 | null;

export type ConnectionChange = Insertable<DeviceConnectionChangesTable> & ConnectionChangeRow;

export const connectionStateOf = (value: unknown): ConnectionState =>
  value === null || value === undefined ? null : Number(value) === 1 ? 1 : 0;

/**
 * The row of a change to `state` at `at`, its totals carried on from the device's previous
 * change (none: the history starts here). Time counts as the previous change's state; an outage
 * runs from connected to not connected until connected again (through unknown, if so).
 */
export function nextConnectionChange(
  deviceId: number,
  previous: ConnectionChangeRow | null,
  state: ConnectionState,
  at: number,
): ConnectionChange {
  if (!previous)
    return {
      device_id: deviceId,
      changed_at: at,
      state,
      connected_ms: 0,
      observed_ms: 0,
      outages: 0,
      recoveries: 0,
      recovery_ms: 0,
      // Not connected from the start: an outage whose beginning nobody saw is not timed.
      outage_since: null,
    };
  const was = connectionStateOf(previous.state);
  const elapsed = Math.max(0, at - Number(previous.changed_at));
  const outageSince = previous.outage_since === null ? null : Number(previous.outage_since);
  const wentDown = was === 1 && state === 0;
  const recovered = state === 1 && was !== 1 && outageSince !== null;
  return {
    device_id: deviceId,
    changed_at: at,
    state,
    connected_ms: Number(previous.connected_ms) + (was === 1 ? elapsed : 0),
    observed_ms: Number(previous.observed_ms) + (was === null ? 0 : elapsed),
    outages: Number(previous.outages) + (wentDown ? 1 : 0),
    recoveries: Number(previous.recoveries) + (recovered ? 1 : 0),
    recovery_ms: Number(previous.recovery_ms) + (recovered ? at - outageSince : 0),
    outage_since: wentDown ? at : state === 1 ? null : outageSince,
  };
}

/** What a window's figures read of a change: its moment, its state and its running totals. */
export type ChangeTotals = Pick<
  ConnectionChangeRow,
  'changed_at' | 'state' | 'connected_ms' | 'observed_ms' | 'outages' | 'recoveries' | 'recovery_ms'
>;

/** The three changes of a device a window's figures need (each null when there is none). */
export interface WindowRows {
  /** The last change before the window: the state in force at its start. */
  readonly before: ChangeTotals | null;
  /** The first change in the window: where what is known starts, when nothing is before it. */
  readonly first: ChangeTotals | null;
  /** The last change before the window's end: the state in force at its end. */
  readonly last: ChangeTotals | null;
}

/** A device's (or devices') counted figures over a window (see availabilityOf). */
export interface WindowTotals {
  readonly connected: number;
  readonly observed: number;
  readonly outages: number;
  readonly recoveries: number;
  readonly recoveryMs: number;
}

/** The running totals at `at` from the last change at or before it. */
function totalsAt(row: ChangeTotals, at: number): WindowTotals {
  const state = connectionStateOf(row.state);
  const elapsed = Math.max(0, at - Number(row.changed_at));
  return {
    connected: Number(row.connected_ms) + (state === 1 ? elapsed : 0),
    observed: Number(row.observed_ms) + (state === null ? 0 : elapsed),
    outages: Number(row.outages),
    recoveries: Number(row.recoveries),
    recoveryMs: Number(row.recovery_ms),
  };
}

const NOTHING: WindowTotals = { connected: 0, observed: 0, outages: 0, recoveries: 0, recoveryMs: 0 };

/**
 * A device's totals over [from, until) from its rows: the state before the window counts from
 * `from`; without a change before it, what is known starts at the first change in it (that
 * change's own transition is not counted: what came before it is not known). Outages are the
 * connected -> not connected changes in the window; recoveries the outages that ended in it,
 * however long ago they began. A device that has never been connected, as far as its history
 * goes, has nothing to tell (NOTHING: no data).
 */
export function windowTotals(rows: WindowRows, from: number, until: number): WindowTotals {
  const { before, first, last } = rows;
  if (until <= from || !last) return NOTHING;
  const start = before ? totalsAt(before, from) : first ? totalsAt(first, Number(first.changed_at)) : null;
  if (!start) return NOTHING;
  const end = totalsAt(last, until);
  // A device never connected since its history began has no availability to tell: "no data",
  // not 0 % over the time it sat unconnected (issue 39, item 16), and none of its time counted.
  if (end.connected === 0) return NOTHING;
  return {
    connected: end.connected - start.connected,
    observed: end.observed - start.observed,
    outages: end.outages - start.outages,
    recoveries: end.recoveries - start.recoveries,
    recoveryMs: end.recoveryMs - start.recoveryMs,
  };
}

export const addTotals = (a: WindowTotals, b: WindowTotals): WindowTotals => ({
  connected: a.connected + b.connected,
  observed: a.observed + b.observed,
  outages: a.outages + b.outages,
  recoveries: a.recoveries + b.recoveries,
  recoveryMs: a.recoveryMs + b.recoveryMs,
});

export const NO_TOTALS = NOTHING;

/** The report's figures of totals: availability is connected / observed, MTTR the mean ended outage. */
export const availabilityOf = (totals: WindowTotals): AvailabilityFigures => ({
  observed_ms: totals.observed,
  connected_ms: totals.connected,
  availability: totals.observed > 0 ? totals.connected / totals.observed : null,
  outages: totals.outages,
  mttr_ms: totals.recoveries > 0 ? totals.recoveryMs / totals.recoveries : null,
});

/** What one tick (or one recording) adds to the history. */
export interface HistoryRows {
  readonly connection: ConnectionChange[];
  readonly links: NewLinkChange[];
  readonly readings: NewReading[];
}

export const emptyHistory = (): HistoryRows => ({ connection: [], links: [], readings: [] });

export const historySize = (rows: HistoryRows) => rows.connection.length + rows.links.length + rows.readings.length;

/** The rows in parts of at most `size` rows, in order (the connection changes, the links', the readings). */
export function historyChunks(rows: HistoryRows, size: number): HistoryRows[] {
  const chunks: HistoryRows[] = [];
  let chunk = emptyHistory();
  let count = 0;
  const take = <Row>(row: Row, into: (part: HistoryRows) => Row[]) => {
    if (count === size) {
      chunks.push(chunk);
      chunk = emptyHistory();
      count = 0;
    }
    into(chunk).push(row);
    count += 1;
  };
  for (const row of rows.connection) take(row, (part) => part.connection);
  for (const row of rows.links) take(row, (part) => part.links);
  for (const row of rows.readings) take(row, (part) => part.readings);
  if (count > 0) chunks.push(chunk);
  return chunks;
}

/** Rows per INSERT: ten columns at most, well under either database's bound-parameter limit. */
const INSERT_BATCH = 500;

/**
 * Writes history rows; a row already there (the same device and moment, a repeated write) is
 * left as it is. Call it in a transaction for all-or-nothing.
 */
export async function insertHistory(db: Kysely<Database>, rows: HistoryRows): Promise<void> {
  const insert = async <Table extends 'device_connection_changes' | 'device_link_changes' | 'device_readings'>(
    table: Table,
    values: readonly Insertable<Database[Table]>[],
  ) => {
    for (let start = 0; start < values.length; start += INSERT_BATCH)
      await db
        .insertInto(table)
        .values(values.slice(start, start + INSERT_BATCH))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
  };
  await insert('device_connection_changes', rows.connection);
  await insert('device_link_changes', rows.links);
  await insert('device_readings', rows.readings);
}

/** The last connection change of each device (none for a device without history), read `perQuery` devices at a time. */
export async function lastConnectionChanges(
  db: Kysely<Database>,
  deviceIds: readonly number[],
  perQuery = 2000,
): Promise<Map<number, ConnectionChangeRow>> {
  const last = new Map<number, ConnectionChangeRow>();
  await forEachSlice(deviceIds, perQuery, async (slice) => {
    const rows = await db
      .selectFrom('device_connection_changes as change')
      .selectAll('change')
      .where('change.device_id', 'in', [...slice])
      .where(
        'change.changed_at',
        '=',
        sql<number>`(select max(latest.changed_at) from device_connection_changes latest where latest.device_id = change.device_id)`,
      )
      .execute();
    for (const row of rows) last.set(row.device_id, row);
  });
  return last;
}

/** Retention: rows deleted per statement, a turn of the event loop between two. */
export const HISTORY_DELETE_BATCH = 2000;

type HistoryTable = 'device_connection_changes' | 'device_link_changes' | 'device_readings';

const TIME_COLUMN: Readonly<Record<HistoryTable, string>> = {
  device_connection_changes: 'changed_at',
  device_link_changes: 'changed_at',
  device_readings: 'reading_time',
};

/** Whether a newer change of the same device (and link) exists: a change's state is then no longer the latest. */
const SUPERSEDED: Readonly<Record<HistoryTable, string | null>> = {
  device_connection_changes: `exists (select 1 from device_connection_changes newer
    where newer.device_id = device_connection_changes.device_id and newer.changed_at > device_connection_changes.changed_at)`,
  device_link_changes: `exists (select 1 from device_link_changes newer where newer.device_id = device_link_changes.device_id
    and newer.link_key = device_link_changes.link_key and newer.changed_at > device_link_changes.changed_at)`,
  device_readings: null,
};

/**
 * Deletes a history table's rows older than `before`, in bounded deletes walking the time index
 * (a turn of the event loop between two, so the writer and the loop are never held long). A
 * device's (or link's) latest change is kept however old: it is the state still in force, and
 * a device that has not changed since keeps a known state. Answers how many rows went.
 */
export async function pruneHistoryTable(
  db: Kysely<Database>,
  table: HistoryTable,
  before: number,
  batchSize = HISTORY_DELETE_BATCH,
): Promise<number> {
  const time = sql.ref(TIME_COLUMN[table]);
  const superseded = SUPERSEDED[table];
  let cursor = Number.MIN_SAFE_INTEGER;
  let pruned = 0;
  for (;;) {
    // The batch's time range: at least batchSize rows from the cursor on (all of its last moment's).
    const edge = await sql<{ edge: number | string | null }>`select max(${time}) as edge from (
        select ${time} from ${sql.table(table)} where ${time} >= ${cursor} and ${time} < ${before}
        order by ${time} limit ${batchSize}) as batch`.execute(db);
    const end = edge.rows[0]?.edge;
    if (end === null || end === undefined) return pruned;
    const result = await sql`delete from ${sql.table(table)} where ${time} >= ${cursor} and ${time} <= ${Number(end)}
      and ${time} < ${before}${superseded ? sql` and ${sql.raw(superseded)}` : sql``}`.execute(db);
    pruned += Number(result.numAffectedRows ?? 0);
    cursor = Number(end) + 1;
    await yieldToLoop();
  }
}

/** The history's retention: every table's rows older than `before` (the latest change of each device and link kept). */
export async function pruneDeviceHistory(db: Kysely<Database>, before: number): Promise<number> {
  let pruned = 0;
  for (const table of Object.keys(TIME_COLUMN) as HistoryTable[]) pruned += await pruneHistoryTable(db, table, before);
  return pruned;
}
