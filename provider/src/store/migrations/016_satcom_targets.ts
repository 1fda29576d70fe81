import type { Kysely } from 'kysely';

/**
 * The satcom target of each environment: where its satellite messages go, the sealed API
 * key, how far forwarding got (the last message id delivered) and how the link is doing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('satcom_targets')
    .addColumn('environment_id', 'integer', (column) =>
      column.primaryKey().references('environments.id').onDelete('cascade'),
    )
    .addColumn('url', 'varchar(2048)', (column) => column.notNull())
    .addColumn('api_key_sealed', 'text', (column) => column.notNull())
    .addColumn('link_status', 'integer', (column) => column.notNull())
    .addColumn('forwarded_through_id', 'integer', (column) => column.notNull())
    .addColumn('last_transmitted_at', 'bigint')
    .addColumn('last_error', 'varchar(512)')
    // Failed attempts in a row, and when to try again (back-off).
    .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    // When the forwarder last reached (or failed to reach) the target; null until it tried.
    .addColumn('checked_at', 'bigint')
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
}
