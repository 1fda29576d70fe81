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
import type { Database } from '../../store/schema.js';

/**
 * The availability report's read and shaping (issue 28). One row per device of the environment
 * with the connection changes its figures need (store/deviceHistory.ts's windowTotals): the
 * last before the window and the last before its end, and, only for a device with none before
 * the window, the first in it. Each is one seek of the (device_id, changed_at) key, its columns
 * packed in one text, so a 100,000-device report reads about 200,000 index entries whatever the
 * window's length. The rows are shaped where they were read (readShapers.ts): in a read
 * worker only the answer's text crosses to the loop that answers everyone.
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

/**
 * The rows of the environment's devices (or of `deviceId` alone) for the window [from, until):
 * `until` is the window's end, or now when it reaches past now.
 */
export function availabilityRows(
  db: Kysely<Database>,
  environmentId: number,
  window: { readonly from: number; readonly until: number },
  deviceId?: number,
): CompiledQuery<AvailabilityRow> {
  const { from, until } = window;
  const inWindow = sql<boolean>`change.changed_at >= ${from} and change.changed_at < ${until}`;
  // Materialized, so each end is sought once and the first change only where there is none before.
  return sql<AvailabilityRow>`with ends as materialized (select devices.id as device_id, devices.name as name,
        cast(${from} as bigint) as window_from, cast(${until} as bigint) as window_until,
        ${changeWhere('devices.id', sql`change.changed_at < ${from}`, 'desc')} as change_before,
        ${changeWhere('devices.id', sql`change.changed_at < ${until}`, 'desc')} as change_last
      from devices
      where devices.environment_id = ${environmentId}${deviceId === undefined ? sql`` : sql` and devices.id = ${deviceId}`})
    select ends.*,
      case when ends.change_before is null then ${changeWhere('ends.device_id', inWindow, 'asc')} end as change_first
    from ends`.compile(db);
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

/** Least available first; devices with nothing observed last; by name among equals (code point order: fast). */
const leastAvailableFirst = (a: DeviceAvailability, b: DeviceAvailability) =>
  (a.availability ?? Number.POSITIVE_INFINITY) - (b.availability ?? Number.POSITIVE_INFINITY) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : a.device_id - b.device_id);

/** Each device's figures (least available first) and the devices' together. */
export async function availabilityFigures(
  rows: readonly AvailabilityRow[],
): Promise<{ total: AvailabilityFigures; devices: DeviceAvailability[] }> {
  let sum: WindowTotals = NO_TOTALS;
  const devices = await inTurns(rows, FIGURED_PER_TURN, (slice) =>
    slice.map((row) => {
      const totals = windowTotals(
        {
          before: unpacked(row.change_before),
          first: unpacked(row.change_first),
          last: unpacked(row.change_last),
        },
        Number(row.window_from),
        Number(row.window_until),
      );
      sum = addTotals(sum, totals);
      return { device_id: Number(row.device_id), name: row.name, ...availabilityOf(totals) };
    }),
  );
  return { total: availabilityOf(sum), devices: devices.sort(leastAvailableFirst) };
}

/** The report's figures with the devices' part as JSON text (the answer's bulk). */
export async function availabilityReportText(
  rows: readonly AvailabilityRow[],
): Promise<{ total: AvailabilityFigures; devices: Uint8Array }> {
  const { total, devices } = await availabilityFigures(rows);
  // Written a slice a turn, as the figures are: where this runs on the loop, no 15 MB in one piece.
  const parts = await inTurns(devices, FIGURED_PER_TURN, (slice) => [JSON.stringify(slice).slice(1, -1)]);
  // As UTF-8 bytes, moved from the read worker: a 13 MB string copied into the loop's heap held it 40-74 ms.
  return { total, devices: textBytes(`[${parts.filter((part) => part !== '').join(',')}]`) };
}

/** The export's columns; its first row is the devices together, named in the caller's language. */
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

/** The report's figures with the devices' rows already written as CSV lines (the export's bulk). */
export async function availabilityReportCsv(
  rows: readonly AvailabilityRow[],
): Promise<{ total: AvailabilityFigures; lines: Uint8Array }> {
  const { total, devices } = await availabilityFigures(rows);
  const lines = await inTurns(devices, FIGURED_PER_TURN, (slice) =>
    slice.map((device) => csvLine(availabilityCells(device.device_id, device.name, device))),
  );
  return { total, lines: textBytes(lines.join('')) };
}
