import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/**
 * Alarm webhooks (issue 27): each environment's targets (at most a few), their signing secret
 * sealed at rest, and where delivery stands: the last alarm change delivered (the alarms'
 * revision, then id, a keyset cursor), failures in a row and when to try again (back-off), and
 * the last attempt's outcome for the page.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);
  await db.schema
    .createTable('alarm_webhooks')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('url', 'varchar(2048)', (column) => column.notNull())
    .addColumn('secret_sealed', 'text', (column) => column.notNull())
    .addColumn('min_severity', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_by_user_id', 'integer')
    .addColumn('created_by', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    // Delivered up to this alarm change: revision, and among the alarms of that revision, id.
    .addColumn('cursor_revision', 'bigint', (column) => column.notNull())
    .addColumn('cursor_alarm_id', 'integer', (column) => column.notNull().defaultTo(0))
    // Failed attempts in a row, and when to try again (back-off).
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('last_delivered_at', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(64)')
    .execute();
  await db.schema.createIndex('alarm_webhooks_environment').on('alarm_webhooks').column('environment_id').execute();
}
