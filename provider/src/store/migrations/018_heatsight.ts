import { sql, type Kysely } from 'kysely';

/**
 * HeatSight: the features each environment was granted (enabled_feature_ids, a JSON list;
 * the root environment gets both, as on a first start) and the position history the map
 * draws: one row per sample with the link quality at that moment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('environments')
    .addColumn('enabled_feature_ids', 'varchar(32)', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await sql`update environments set enabled_feature_ids = '[1,2]' where parent_id is null`.execute(db);

  await db.schema
    .createTable('position_samples')
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    // No foreign key: the history outlives a deleted device, as its log entries do.
    .addColumn('device_id', 'integer', (column) => column.notNull())
    .addColumn('sample_time', 'bigint', (column) => column.notNull())
    .addColumn('longitude', 'double precision', (column) => column.notNull())
    .addColumn('latitude', 'double precision', (column) => column.notNull())
    .addColumn('connected', 'integer', (column) => column.notNull())
    .addColumn('links_online', 'integer', (column) => column.notNull())
    .addColumn('links_total', 'integer', (column) => column.notNull())
    // The best online modem's signal (0-100), null without one; every modem's in `cellular_signals` ("63,,41").
    .addColumn('best_signal', 'integer')
    .addColumn('cellular_signals', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('position_samples_environment_time')
    .on('position_samples')
    .columns(['environment_id', 'sample_time'])
    .execute();
}
