import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** An auto-incremented integer key on either dialect. */
export function idColumn(dialect: Dialect) {
  return dialect === 'postgres'
    ? (['serial', (column: ColumnDefinitionBuilder) => column.primaryKey()] as const)
    : (['integer', (column: ColumnDefinitionBuilder) => column.primaryKey().autoIncrement()] as const);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);
  await db.schema
    .createTable('environments')
    .addColumn('id', idType, idModifier)
    .addColumn('name', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('parent_id', 'integer', (column) => column.references('environments.id').onDelete('cascade'))
    .addColumn('description', 'text')
    .addColumn('ca_server_address', 'varchar(255)')
    .addColumn('realm_type', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('username', 'varchar(64)', (column) => column.notNull())
    .addColumn('name', 'varchar(128)')
    .addColumn('email', 'varchar(254)')
    .addColumn('description', 'text')
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('environment_manager', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('permissions', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('severity', 'integer', (column) => column.notNull())
    .addColumn('is_disabled', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('two_factor_status', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_last_step', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('users_environment_username', ['environment_id', 'username'])
    .execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', idType, idModifier)
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    // No foreign key: a deleted user's sessions stay, ended with the reason 'deleted'.
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('verified', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_activity_at', 'bigint', (column) => column.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('ended_reason', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('attempt_key', 'varchar(160)', (column) => column.primaryKey())
    .addColumn('failures', 'integer', (column) => column.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('user_audits')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(64)')
    .addColumn('resource', 'varchar(32)', (column) => column.notNull())
    .addColumn('action', 'varchar(16)', (column) => column.notNull())
    .addColumn('name', 'varchar(128)')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('user_audits_environment_time')
    .on('user_audits')
    .columns(['environment_id', 'created_at'])
    .execute();
}
