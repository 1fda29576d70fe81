import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/**
 * Alarms (issue 27): one row per breach of a device's attribute, from the reading that opened
 * it to the one back to safety that cleared it. At most one active (uncleared) alarm per device
 * and attribute, kept by a partial unique index that breaches upsert against, so two writers
 * racing cannot open two. `revision` comes from the devices' change counter: a poller reads the
 * alarms changed after the last revision it saw.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);
  await db.schema
    .createTable('alarms')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    // No foreign key: an alarm outlives its device and keeps the name it had, as a log entry does.
    .addColumn('device_id', 'integer', (column) => column.notNull())
    .addColumn('device_name', 'varchar(64)', (column) => column.notNull())
    .addColumn('device_attribute_type', 'integer', (column) => column.notNull())
    .addColumn('severity', 'integer', (column) => column.notNull())
    .addColumn('peak_severity', 'integer', (column) => column.notNull())
    .addColumn('last_value', 'text')
    .addColumn('breach_count', 'integer', (column) => column.notNull())
    .addColumn('opened_at', 'bigint', (column) => column.notNull())
    .addColumn('last_breach_at', 'bigint', (column) => column.notNull())
    .addColumn('cleared_at', 'bigint')
    .addColumn('acknowledged_at', 'bigint')
    .addColumn('acknowledged_by_user_id', 'integer')
    .addColumn('acknowledged_by', 'varchar(64)')
    .addColumn('acknowledgement_note', 'text')
    /** The severity it had when acknowledged: a worse breach after it asks for attention again. */
    .addColumn('acknowledged_severity', 'integer')
    .addColumn('revision', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('alarms_one_active')
    .on('alarms')
    .columns(['device_id', 'device_attribute_type'])
    .unique()
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('alarms_environment_active')
    .on('alarms')
    .columns(['environment_id', 'cleared_at', 'severity'])
    .execute();
  await db.schema
    .createIndex('alarms_environment_revision')
    .on('alarms')
    .columns(['environment_id', 'revision'])
    .execute();
}
