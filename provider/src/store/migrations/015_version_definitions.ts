import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/** Firmware version definitions: the uploaded meta file of each, per environment. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);
  await db.schema
    .createTable('version_definitions')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('device_model', 'varchar(32)', (column) => column.notNull())
    .addColumn('base_version', 'varchar(64)', (column) => column.notNull())
    .addColumn('core_version', 'varchar(64)', (column) => column.notNull())
    .addColumn('web_version', 'varchar(64)', (column) => column.notNull())
    .addColumn('official_version', 'varchar(64)', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('image_size', 'bigint', (column) => column.notNull())
    .addColumn('image_sha256', 'varchar(64)', (column) => column.notNull())
    .addColumn('file_name', 'varchar(128)', (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('version_definitions_model_version', ['environment_id', 'device_model', 'official_version'])
    .execute();
}
