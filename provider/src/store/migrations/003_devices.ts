import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/**
 * Devices and what hangs off them: allowed-device lists, removal markers for the incremental
 * devices_state, the change counter that numbers every device change, RF recordings and
 * system log entries.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);

  // One row: the last revision handed out. Taking revisions locks it until commit, so
  // revisions become visible in order and a devices_state cursor never skips a change.
  await db.schema
    .createTable('revision_counter')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('value', 'bigint', (column) => column.notNull())
    .execute();
  await sql`insert into revision_counter (id, value) values (1, 0)`.execute(db);

  await db.schema
    .createTable('devices')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('pairing_id', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('type', 'integer', (column) => column.notNull())
    .addColumn('product_type', 'varchar(64)')
    .addColumn('is_server', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('is_enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('is_activated', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('availability', 'integer')
    .addColumn('main_app_status', 'integer')
    .addColumn('ip_addresses', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('port_from', 'integer')
    .addColumn('port_to', 'integer')
    .addColumn('upgrade_policy', 'text')
    .addColumn('halo_system_report', 'text')
    .addColumn('halo_data_links_info', 'text')
    .addColumn('links_summary', 'text')
    .addColumn('gnss_lock', 'integer')
    .addColumn('firmware_version', 'varchar(64)')
    .addColumn('device_certificate', 'text')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('altitude', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('location_time', 'bigint')
    .addColumn('last_seen_at', 'bigint')
    .addColumn('activated_at', 'bigint')
    .addColumn('simulated', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('revision', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('devices_environment_name', ['environment_id', 'name'])
    .execute();
  await db.schema
    .createIndex('devices_environment_revision')
    .on('devices')
    .columns(['environment_id', 'revision'])
    .execute();
  await db.schema.createIndex('devices_created_by').on('devices').column('created_by').execute();

  await db.schema
    .createTable('device_removals')
    .addColumn('device_id', 'integer', (column) => column.notNull())
    .addColumn('environment_id', 'integer', (column) => column.notNull())
    .addColumn('revision', 'bigint', (column) => column.notNull())
    .addColumn('removed_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('device_removals_environment_revision')
    .on('device_removals')
    .columns(['environment_id', 'revision'])
    .execute();

  await db.schema
    .createTable('user_devices')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_id'])
    .execute();
  await db.schema.createIndex('user_devices_device').on('user_devices').column('device_id').execute();

  await db.schema
    .createTable('rf_recordings')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'integer', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('report_uuid', 'varchar(36)', (column) => column.notNull().unique())
    .addColumn('file_name', 'varchar(255)', (column) => column.notNull())
    .addColumn('size_bytes', 'bigint', (column) => column.notNull())
    .addColumn('start_time', 'bigint', (column) => column.notNull())
    .addColumn('end_time', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('rf_recordings_device')
    .on('rf_recordings')
    .columns(['device_id', 'start_time'])
    .execute();

  await db.schema
    .createTable('system_logs')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    // No foreign key: a log outlives its device and keeps the name it had.
    .addColumn('device_id', 'integer')
    .addColumn('device_name', 'varchar(64)')
    .addColumn('device_attribute_type', 'integer')
    .addColumn('event_type', 'varchar(64)', (column) => column.notNull())
    .addColumn('value', 'text')
    .addColumn('severity', 'integer', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('log_time', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('system_logs_environment_time')
    .on('system_logs')
    .columns(['environment_id', 'log_time'])
    .execute();
  await db.schema.createIndex('system_logs_device_time').on('system_logs').columns(['device_id', 'log_time']).execute();
}
