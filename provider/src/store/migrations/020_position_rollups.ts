import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { rollUpStoredSamples } from '../positionRollups.js';

/**
 * HeatSight rollups (issue 25): position samples added up per environment, level (cell size
 * and bucket length), time bucket and map cell, so a window's answer reads these rows rather
 * than every sample. Sums, not means, so rows add up. Keyed for the one read there is (an
 * environment's level over a time range); on SQLite without a rowid, so the rows of a range
 * are read in key order with their sums. The samples stored so far are rolled up here.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let table = db.schema
    .createTable('position_rollups')
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('level', 'smallint', (column) => column.notNull())
    .addColumn('bucket_start', 'bigint', (column) => column.notNull())
    .addColumn('cell_x', 'integer', (column) => column.notNull())
    .addColumn('cell_y', 'integer', (column) => column.notNull())
    .addColumn('sample_count', 'integer', (column) => column.notNull())
    .addColumn('no_link_count', 'integer', (column) => column.notNull())
    .addColumn('links_down_sum', 'double precision', (column) => column.notNull())
    .addColumn('signal_sum', 'double precision', (column) => column.notNull())
    .addColumn('signal_count', 'integer', (column) => column.notNull())
    .addColumn('longitude_sum', 'double precision', (column) => column.notNull())
    .addColumn('latitude_sum', 'double precision', (column) => column.notNull())
    .addPrimaryKeyConstraint('position_rollups_key', ['environment_id', 'level', 'bucket_start', 'cell_x', 'cell_y']);
  if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await rollUpStoredSamples(db);
}
