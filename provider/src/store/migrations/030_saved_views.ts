import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/**
 * Saved views (issue 28): a user's named URL queries of a screen, per environment (a parent's
 * manager keeps their own in each environment below). A name is the user's once per screen and
 * environment: saving it again replaces the query. They go with the user and with the
 * environment (foreign keys).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);
  await db.schema
    .createTable('saved_views')
    .addColumn('id', idType, idModifier)
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('screen', 'varchar(32)', (column) => column.notNull())
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('query', 'varchar(2000)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('saved_views_owner_name')
    .on('saved_views')
    .columns(['user_id', 'environment_id', 'screen', 'name'])
    .unique()
    .execute();
  // The environment's foreign key: deleting an environment finds its views without a scan.
  await db.schema.createIndex('saved_views_environment').on('saved_views').column('environment_id').execute();
}
