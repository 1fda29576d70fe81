import type { Kysely } from 'kysely';

/**
 * What the log screens need: the fields an audited update changed (old and new, as JSON),
 * whether a system log entry was raised as an alert, and indexes for newest-first pages by
 * environment, by device and by severity.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_audits').addColumn('changes', 'text').execute();
  await db.schema
    .alterTable('system_logs')
    .addColumn('is_alert', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('user_audits_environment_id')
    .on('user_audits')
    .columns(['environment_id', 'id'])
    .execute();
  await db.schema
    .createIndex('system_logs_environment_id')
    .on('system_logs')
    .columns(['environment_id', 'id'])
    .execute();
  await db.schema
    .createIndex('system_logs_environment_device')
    .on('system_logs')
    .columns(['environment_id', 'device_id', 'id'])
    .execute();
  await db.schema
    .createIndex('system_logs_environment_severity')
    .on('system_logs')
    .columns(['environment_id', 'severity', 'id'])
    .execute();
}
