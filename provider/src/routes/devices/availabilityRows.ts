import { csvLine, type AvailabilityFigures, type CsvValue, type DeviceAvailability } from '@halo/shared';
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { inTurns } from '../../loopTurns.js';
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
 * with the three connection changes its figures need (store/deviceHistory.ts's windowTotals):
 * the last before the window, the first in it and the last before its end, each found through
 * the (device_id, changed_at) key, so a 100,000-device report reads 300,000 index entries
 * whatever the window's length. The rows are shaped where they were read (readShapers.ts): in a
 * SQLite read worker only the answer's text crosses to the loop that answers everyone.
 */

const CHANGE_COLUMNS = [
  'changed_at',
  'state',
  'connected_ms',
  'observed_ms',
  'outages',
  'recoveries',
  'recovery_ms',
] as const satisfies readonly (keyof ChangeTotals)[];

type Side = 'before' | 'first' | 'last';
type SideColumns<Prefix extends Side> = {
  readonly [Column in (typeof CHANGE_COLUMNS)[number] as `${Prefix}_${Column}`]: number | string | null;
};

/** One device's row: its id and name, the window, and its three changes' columns (null where there is none). */
export type AvailabilityRow = {
  readonly device_id: number;
  readonly name: string;
  readonly window_from: number | string;
  readonly window_until: number | string;
} & SideColumns<'before'> &
  SideColumns<'first'> &
  SideColumns<'last'>;

/** Each side's table alias in the query. */
const ALIAS: Readonly<Record<Side, string>> = { before: 'change_before', first: 'change_first', last: 'change_last' };

const sideColumns = (side: Side) =>
  sql.raw(CHANGE_COLUMNS.map((column) => `${ALIAS[side]}.${column} as ${side}_${column}`).join(', '));

/** The join of a device's change at the moment `moment` (max or min of its changes' times meeting `condition`). */
const changeAt = (side: Side, moment: 'max' | 'min', condition: RawBuilder<boolean>) => {
  const alias = sql.raw(ALIAS[side]);
  return sql`left join device_connection_changes ${alias} on ${alias}.device_id = devices.id
    and ${alias}.changed_at = (select ${sql.raw(moment)}(moments.changed_at) from device_connection_changes moments
      where moments.device_id = devices.id and ${condition})`;
};

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
  return sql<AvailabilityRow>`select devices.id as device_id, devices.name as name,
      cast(${from} as bigint) as window_from, cast(${until} as bigint) as window_until,
      ${sideColumns('before')}, ${sideColumns('first')}, ${sideColumns('last')}
    from devices
    ${changeAt('before', 'max', sql`moments.changed_at < ${from}`)}
    ${changeAt('first', 'min', sql`moments.changed_at >= ${from} and moments.changed_at < ${until}`)}
    ${changeAt('last', 'max', sql`moments.changed_at < ${until}`)}
    where devices.environment_id = ${environmentId}${deviceId === undefined ? sql`` : sql` and devices.id = ${deviceId}`}`.compile(
    db,
  );
}

function changeOf(row: AvailabilityRow, side: Side): ChangeTotals | null {
  const at = row[`${side}_changed_at`];
  if (at === null) return null;
  const value = (column: (typeof CHANGE_COLUMNS)[number]) => Number(row[`${side}_${column}`]);
  const state = row[`${side}_state`];
  return {
    changed_at: Number(at),
    state: state === null ? null : Number(state),
    connected_ms: value('connected_ms'),
    observed_ms: value('observed_ms'),
    outages: value('outages'),
    recoveries: value('recoveries'),
    recovery_ms: value('recovery_ms'),
  };
}

/** Devices figured per turn of the loop where the shaping runs on it (PostgreSQL, in-memory SQLite). */
const FIGURED_PER_TURN = 5000;

/** Least available first; devices with nothing observed last; by name among equals. */
const leastAvailableFirst = (a: DeviceAvailability, b: DeviceAvailability) =>
  (a.availability ?? Number.POSITIVE_INFINITY) - (b.availability ?? Number.POSITIVE_INFINITY) ||
  a.name.localeCompare(b.name) ||
  a.device_id - b.device_id;

/** Each device's figures (least available first) and the devices' together. */
export async function availabilityFigures(
  rows: readonly AvailabilityRow[],
): Promise<{ total: AvailabilityFigures; devices: DeviceAvailability[] }> {
  let sum: WindowTotals = NO_TOTALS;
  const devices = await inTurns(rows, FIGURED_PER_TURN, (slice) =>
    slice.map((row) => {
      const totals = windowTotals(
        { before: changeOf(row, 'before'), first: changeOf(row, 'first'), last: changeOf(row, 'last') },
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
): Promise<{ total: AvailabilityFigures; devices: string }> {
  const { total, devices } = await availabilityFigures(rows);
  return { total, devices: JSON.stringify(devices) };
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
): Promise<{ total: AvailabilityFigures; lines: string }> {
  const { total, devices } = await availabilityFigures(rows);
  return {
    total,
    lines: devices.map((device) => csvLine(availabilityCells(device.device_id, device.name, device))).join(''),
  };
}
