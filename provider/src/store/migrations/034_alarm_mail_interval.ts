import type { Kysely } from 'kysely';

/**
 * A user's own spacing of alarm mail (issue 39, item 6): at most one message every so many
 * minutes (null: the installation's HALO_ALARM_GROUP_INTERVAL_MS). Under steady churn the
 * default five minutes sent one user a dozen messages an hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('alarm_mail_interval_minutes', 'integer').execute();
}
