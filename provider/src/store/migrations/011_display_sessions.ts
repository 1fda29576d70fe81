import type { Kysely } from 'kysely';

/**
 * Wall displays: sessions of kind 'display' that a manager issues for an unattended NOC
 * screen. They are read-only, exempt from the idle time-out and end only when revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('kind', 'varchar(16)', (column) => column.notNull().defaultTo('user'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('label', 'varchar(64)').execute();
}
