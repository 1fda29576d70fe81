import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/**
 * Thresholds: one row per environment and attribute type, made with the environment's
 * first use (thresholds.ts), its values null where the attribute does not use a level.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);
  await db.schema
    .createTable('thresholds')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('device_attribute_type', 'integer', (column) => column.notNull())
    .addColumn('minor', 'double precision')
    .addColumn('major', 'double precision')
    .addColumn('critical', 'double precision')
    .addColumn('alert', 'double precision')
    .addColumn('back_to_safety', 'double precision')
    .addColumn('should_alert', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('thresholds_environment_type', ['environment_id', 'device_attribute_type'])
    .execute();
}
