import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/**
 * Alarm silences (issue 27): a device's alarms, or a whole environment's, notify nobody for a
 * window (planned maintenance). Ending one early moves its end to now; nothing is deleted, so
 * what was silenced when stays readable in the audit log and here until retention.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);
  await db.schema
    .createTable('alarm_silences')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('scope', 'varchar(16)', (column) => column.notNull())
    .addColumn('device_id', 'integer')
    .addColumn('device_name', 'varchar(64)')
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('starts_at', 'bigint', (column) => column.notNull())
    .addColumn('ends_at', 'bigint', (column) => column.notNull())
    .addColumn('created_by_user_id', 'integer')
    .addColumn('created_by', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('alarm_silences_environment_end')
    .on('alarm_silences')
    .columns(['environment_id', 'ends_at'])
    .execute();
}
