import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/**
 * Satellite messages (the messaging log) and connectivity usage: seconds connected per device
 * and UTC day, with a per-environment roll-up of the same seconds so the usage view sums a
 * year from at most 366 rows whatever the fleet size.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);

  await db.schema
    .createTable('satcom_messages')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    // No foreign key: like a system log entry, a message outlives its device and keeps its name.
    .addColumn('device_id', 'integer')
    .addColumn('halo_name', 'varchar(64)', (column) => column.notNull())
    .addColumn('halo_serial', 'varchar(64)', (column) => column.notNull())
    .addColumn('satcom_imei', 'varchar(32)')
    .addColumn('network', 'varchar(64)')
    .addColumn('severity', 'integer', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('altitude', 'double precision')
    .addColumn('link_status', 'integer')
    .addColumn('satcom_time', 'bigint')
    .addColumn('log_time', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('satcom_messages_environment_id')
    .on('satcom_messages')
    .columns(['environment_id', 'id'])
    .execute();
  await db.schema.createIndex('satcom_messages_device_id').on('satcom_messages').columns(['device_id', 'id']).execute();

  // Day first: a tick updates today's rows of a run of consecutive devices, which sit together.
  await db.schema
    .createTable('device_connectivity_days')
    // No foreign key to devices: an environment's usage keeps the seconds of devices since removed.
    .addColumn('day_start', 'bigint', (column) => column.notNull())
    .addColumn('device_id', 'integer', (column) => column.notNull())
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('connected_seconds', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('device_connectivity_days_pk', ['day_start', 'device_id'])
    .execute();
  await db.schema
    .createIndex('device_connectivity_days_environment')
    .on('device_connectivity_days')
    .column('environment_id')
    .execute();

  await db.schema
    .createTable('environment_connectivity_days')
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('day_start', 'bigint', (column) => column.notNull())
    .addColumn('connected_seconds', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('environment_connectivity_days_pk', ['environment_id', 'day_start'])
    .execute();
}
