import { csvLine, type AvailabilityFigures, type CsvValue, type DeviceAvailability } from '@halo/shared';
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { inTurns } from '../../loopTurns.js';
import { textBytes } from '../../jsonText.js';
import {
  addTotals,
  availabilityOf,
  NO_TOTALS,
  windowTotals,
  type ChangeTotals,
  type WindowTotals,
} from '../../store/deviceHistory.js';
import type { TextBatch } from '../../store/keysetPages.js';
import type { Database } from '../../store/schema.js';

/**
 * The availability report's read and shaping (issue 28). One row per device of the environment
 * with the connection changes its figures need (store/deviceHistory.ts's windowTotals): the
 * last before the window and the last before its end, and, only for a device with none before
 * the window, the first in it. Each is one seek of the (device_id, changed_at) key, its columns
 * packed in one text, so a 100,000-device report reads about 200,000 index entries whatever the
 * window's length. The rows are read by device id in keyset batches and shaped where they were
 * read (readShapers.ts), a batch at a time: in a read worker only a batch's text and its
 * totals cross to the loop that answers everyone, and memory holds a batch, not the fleet.
 */

/** A change's columns as one text (`changed_at:state:connected_ms:...`, state -1 for unknown). */
const PACKED = sql.raw(
  "changed_at || ':' || coalesce(state, -1) || ':' || connected_ms || ':' || observed_ms || ':' || outages || ':' || recoveries || ':' || recovery_ms",
);

/** One device's row: its id and name, the window, and its changes packed (null where there is none). */
export interface AvailabilityRow {
  readonly device_id: number;
  readonly name: string;
  readonly window_from: number | string;
  readonly window_until: number | string;
  readonly change_before: string | null;
  readonly change_first: string | null;
  readonly change_last: string | null;
}

/** The device's change the condition and order pick first, packed: one seek of the key. */
const changeWhere = (deviceColumn: string, condition: RawBuilder<boolean>, order: 'asc' | 'desc') =>
  sql`(select ${PACKED} from device_connection_changes change
    where change.device_id = ${sql.raw(deviceColumn)} and ${condition}
    order by change.changed_at ${sql.raw(order)} limit 1)`;

/** Which devices a read takes: `deviceId` alone, or those past `pastId` by id, at most `limit`. */
export interface AvailabilityBatch {
  readonly deviceId?: number;
  readonly pastId?: number;
  readonly limit: number;
}

/**
 * The rows of a batch of the environment's devices (by id) for the window [from, until):
 * `until` is the window's end, or now when it reaches past now.
 */
export function availabilityRows(
  db: Kysely<Database>,
  environmentId: number,
  window: { readonly from: number; readonly until: number },
  batch: AvailabilityBatch,
): CompiledQuery<AvailabilityRow> {
  const { from, until } = window;
  const { deviceId, pastId, limit } = batch;
  const inWindow = sql<boolean>`change.changed_at >= ${from} and change.changed_at < ${until}`;
  // Materialized, so each end is sought once and the first change only where there is none before.
  return sql<AvailabilityRow>`with ends as materialized (select devices.id as device_id, devices.name as name,
        cast(${from} as bigint) as window_from, cast(${until} as bigint) as window_until,
        ${changeWhere('devices.id', sql`change.changed_at < ${from}`, 'desc')} as change_before,
        ${changeWhere('devices.id', sql`change.changed_at < ${until}`, 'desc')} as change_last
      from devices
      where devices.environment_id = ${environmentId}${deviceId === undefined ? sql`` : sql` and devices.id = ${deviceId}`}${pastId === undefined ? sql`` : sql` and devices.id > ${pastId}`}
      order by devices.id limit ${limit})
    select ends.*,
      case when ends.change_before is null then ${changeWhere('ends.device_id', inWindow, 'asc')} end as change_first
    from ends order by ends.device_id`.compile(db);
}

/** A packed change's columns, or null. */
function unpacked(packed: string | null): ChangeTotals | null {
  if (packed === null) return null;
  const [changedAt, state, connected, observed, outages, recoveries, recoveryMs] = packed.split(':').map(Number);
  return {
    changed_at: changedAt ?? 0,
    state: state === -1 || state === undefined ? null : state,
    connected_ms: connected ?? 0,
    observed_ms: observed ?? 0,
    outages: outages ?? 0,
    recoveries: recoveries ?? 0,
    recovery_ms: recoveryMs ?? 0,
  };
}

/** Devices figured per turn of the loop where the shaping runs on it (PostgreSQL, in-memory SQLite). */
const FIGURED_PER_TURN = 5000;

/** A batch of the report's devices as text, with their totals (the devices together are their sum). */
export interface AvailabilityTextBatch extends TextBatch {
  readonly totals: WindowTotals;
}

/** Each device's figures of a batch (in the order read: by id) and their totals together. */
async function figuredBatch(
  rows: readonly AvailabilityRow[],
): Promise<{ totals: WindowTotals; devices: DeviceAvailability[] }> {
  let totals: WindowTotals = NO_TOTALS;
  const devices = await inTurns(rows, FIGURED_PER_TURN, (slice) =>
    slice.map((row) => {
      const deviceTotals = windowTotals(
        {
          before: unpacked(row.change_before),
          first: unpacked(row.change_first),
          last: unpacked(row.change_last),
        },
        Number(row.window_from),
        Number(row.window_until),
      );
      totals = addTotals(totals, deviceTotals);
      return { device_id: Number(row.device_id), name: row.name, ...availabilityOf(deviceTotals) };
    }),
  );
  return { totals, devices };
}

/**
 * A batch written by `textOf` a slice a turn (where this runs on the loop, no batch in one
 * piece), the slices joined by `separator`.
 */
async function textBatchOf(
  rows: readonly AvailabilityRow[],
  textOf: (devices: readonly DeviceAvailability[]) => string,
  separator: string,
): Promise<AvailabilityTextBatch> {
  const { totals, devices } = await figuredBatch(rows);
  const parts = await inTurns(devices, FIGURED_PER_TURN, (slice) => [textOf(slice)]);
  return {
    // As UTF-8 bytes, moved from the read worker: a string would be copied into the loop's heap.
    text: textBytes(parts.filter((part) => part !== '').join(separator)),
    count: rows.length,
    lastId: rows.length === 0 ? null : Number(rows[rows.length - 1]!.device_id),
    totals,
  };
}

/** A batch of the report's devices as JSON items joined by commas (a read shaper), with their totals. */
export const availabilityReportBatch = (rows: readonly AvailabilityRow[]): Promise<AvailabilityTextBatch> =>
  textBatchOf(rows, (devices) => JSON.stringify(devices).slice(1, -1), ',');

/** The export's columns; its last row is the devices together, named in the caller's language. */
export const AVAILABILITY_CSV_HEADER = [
  'device_id',
  'name',
  'observed_ms',
  'connected_ms',
  'availability',
  'outages',
  'mttr_ms',
] as const;

/** One row of the export: an id (none for the total) and name, then the figures. */
export const availabilityCells = (deviceId: number | null, name: string, figures: AvailabilityFigures): CsvValue[] => [
  deviceId,
  name,
  figures.observed_ms,
  figures.connected_ms,
  figures.availability === null ? null : Number(figures.availability.toFixed(6)),
  figures.outages,
  figures.mttr_ms === null ? null : Math.round(figures.mttr_ms),
];

/** A batch of the export's device lines (a read shaper), with the devices' totals. */
export const availabilityCsvBatch = (rows: readonly AvailabilityRow[]): Promise<AvailabilityTextBatch> =>
  textBatchOf(
    rows,
    (devices) => devices.map((device) => csvLine(availabilityCells(device.device_id, device.name, device))).join(''),
    '',
  );
