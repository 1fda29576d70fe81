import type { Kysely } from 'kysely';

/**
 * Alarm notifications (issue 27): each user's own settings (e-mail on or off, in which
 * language), and where each user's alarm mail stands: when the last message went and up to
 * which breach it told of, so the next one tells only what is new (grouping, jobs/alarmMail.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_alarms', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('locale', 'varchar(8)').execute();
  await db.schema
    .createTable('alarm_mail_state')
    .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'bigint', (column) => column.notNull())
    .addColumn('told_up_to', 'bigint', (column) => column.notNull())
    .execute();
}
