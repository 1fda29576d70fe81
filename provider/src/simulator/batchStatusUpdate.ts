import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { cast, type SqlType } from '../store/sqlCast.js';
import type { StatusColumns } from './fleetPlan.js';

export interface StatusUpdate {
  readonly id: number;
  readonly columns: StatusColumns;
  readonly updatedAt: number;
  readonly revision: number;
}

/** The columns one statement sets, and the type each value is cast to (PostgreSQL needs it for VALUES). */
const COLUMNS: readonly (readonly [keyof StatusColumns | 'updated_at' | 'revision', SqlType])[] = [
  ['is_activated', 'integer'],
  ['availability', 'integer'],
  ['main_app_status', 'integer'],
  ['halo_system_report', 'text'],
  ['halo_data_links_info', 'text'],
  ['links_summary', 'text'],
  ['gnss_lock', 'integer'],
  ['firmware_version', 'text'],
  ['longitude', 'double precision'],
  ['latitude', 'double precision'],
  ['altitude', 'double precision'],
  ['accuracy', 'double precision'],
  ['location_time', 'bigint'],
  ['last_seen_at', 'bigint'],
  ['activated_at', 'bigint'],
  ['product_type', 'text'],
  ['updated_at', 'bigint'],
  ['revision', 'bigint'],
];

/** 19 parameters a row: 500 rows stay well under either database's parameter limit. */
const ROWS_PER_STATEMENT = 500;

/**
 * Sets the status columns of many devices in one statement per 500 rows:
 * `WITH v(...) AS (VALUES ...) UPDATE devices SET ... FROM v WHERE devices.id = v.id`,
 * which SQLite (3.33+) and PostgreSQL both run.
 */
export async function updateDeviceStatuses(db: Kysely<Database>, updates: readonly StatusUpdate[]): Promise<void> {
  const names = ['id', ...COLUMNS.map(([name]) => name)];
  const assignments = sql.raw(COLUMNS.map(([name]) => `${name} = v.${name}`).join(', '));
  for (let start = 0; start < updates.length; start += ROWS_PER_STATEMENT) {
    const rows = updates.slice(start, start + ROWS_PER_STATEMENT).map((update) => {
      const values: Record<string, unknown> = {
        ...update.columns,
        updated_at: update.updatedAt,
        revision: update.revision,
      };
      return sql`(${sql.join([cast(update.id, 'integer'), ...COLUMNS.map(([name, type]) => cast(values[name] ?? null, type))])})`;
    });
    await sql`with v(${sql.raw(names.join(', '))}) as (values ${sql.join(rows)}) update devices set ${assignments} from v where devices.id = v.id`.execute(
      db,
    );
  }
}
