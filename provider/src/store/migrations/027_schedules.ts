import type { Kysely } from 'kysely';

/**
 * Schedules (issue 27, point 5):
 *
 * - users.email_digest: a daily digest of the open alarms that reach the user, off unless the
 *   user turns it on (the alarm e-mail is on by default; a second daily message is asked for).
 * - alarm_digest_state: the UTC day of each user's last digest, claimed before it is sent, so a
 *   user gets one a day however often the job runs, a provider restarts or two replicas race.
 * - scheduled_job_leases: which provider replica runs each scheduled job (jobs/jobLeadership.ts):
 *   the owner, until when its lease holds, and the last schedule slot it ran, so a slot runs
 *   once even when the lease changes hands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_digest', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('alarm_digest_state')
    .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sent_on', 'varchar(10)', (column) => column.notNull())
    .addColumn('sent_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('scheduled_job_leases')
    .addColumn('job', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('owner', 'varchar(64)', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('last_slot', 'bigint')
    .execute();
}
