import type { Kysely } from 'kysely';

/**
 * The zone a user reads and enters times in (issue 39, item 15): an IANA name, or null for the
 * zone of whatever browser they use. Until now every time was UTC.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
}
