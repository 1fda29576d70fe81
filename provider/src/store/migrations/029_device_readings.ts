import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A device's history (issue 28): what the device page's timeline and the availability report
 * read. Recorded by the fleet simulator as it changes devices (store/deviceHistory.ts), pruned
 * with HeatSight's raw position samples (HALO_POSITION_SAMPLES_RETENTION_DAYS).
 *
 * - device_connection_changes: each change of a device's connection (1, 0, or null unknown)
 *   with running totals up to it, so a window's availability and time to recover are the
 *   difference of two rows per device (the last before each end), never a scan of the window.
 * - device_link_changes: each link's up/down changes, by the link's key (`cellular:0`).
 * - device_readings: best cellular signal and temperature, every few minutes and on changes.
 *
 * Keyed for their reads: a device's rows over a time range. On SQLite without a rowid, so one
 * device's rows lie together in key order. A second index on the time serves the retention job.
 * No foreign key: the history outlives a deleted device, as its position samples and log do.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const withoutRowid = <Table extends string, Column extends string>(table: CreateTableBuilder<Table, Column>) =>
    dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;

  await withoutRowid(
    db.schema
      .createTable('device_connection_changes')
      .addColumn('device_id', 'integer', (column) => column.notNull())
      .addColumn('changed_at', 'bigint', (column) => column.notNull())
      // 1 connected, 0 not connected, null unknown (not activated).
      .addColumn('state', 'integer')
      // Running totals of the device's recorded history before changed_at (ms).
      .addColumn('connected_ms', 'bigint', (column) => column.notNull())
      .addColumn('observed_ms', 'bigint', (column) => column.notNull())
      // Running counts up to and including this change: connected -> not connected, and the
      // outages that ended (not connected -> connected) with their lengths summed.
      .addColumn('outages', 'integer', (column) => column.notNull())
      .addColumn('recoveries', 'integer', (column) => column.notNull())
      .addColumn('recovery_ms', 'bigint', (column) => column.notNull())
      // While not connected after having been: when the outage began.
      .addColumn('outage_since', 'bigint')
      .addPrimaryKeyConstraint('device_connection_changes_key', ['device_id', 'changed_at']),
  ).execute();
  await db.schema
    .createIndex('device_connection_changes_time')
    .on('device_connection_changes')
    .column('changed_at')
    .execute();

  await withoutRowid(
    db.schema
      .createTable('device_link_changes')
      .addColumn('device_id', 'integer', (column) => column.notNull())
      .addColumn('link_key', 'varchar(16)', (column) => column.notNull())
      .addColumn('changed_at', 'bigint', (column) => column.notNull())
      .addColumn('state', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('device_link_changes_key', ['device_id', 'link_key', 'changed_at']),
  ).execute();
  await db.schema.createIndex('device_link_changes_time').on('device_link_changes').column('changed_at').execute();

  await withoutRowid(
    db.schema
      .createTable('device_readings')
      .addColumn('device_id', 'integer', (column) => column.notNull())
      .addColumn('reading_time', 'bigint', (column) => column.notNull())
      .addColumn('signal', 'double precision')
      .addColumn('temperature', 'double precision')
      .addPrimaryKeyConstraint('device_readings_key', ['device_id', 'reading_time']),
  ).execute();
  await db.schema.createIndex('device_readings_time').on('device_readings').column('reading_time').execute();

  // The timeline's location track: one device's samples over a window.
  await db.schema
    .createIndex('position_samples_device_time')
    .on('position_samples')
    .columns(['device_id', 'sample_time'])
    .execute();
}
