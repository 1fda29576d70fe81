import type { Kysely } from 'kysely';

/**
 * A new e-mail address waiting for confirmation (issue 39, item 1): an environment manager
 * changes their own address as a password is reset, by a single-use link mailed to the new
 * address; the account's address changes only when the link is opened. The token is kept
 * hashed, like a reset token; a row goes with its user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(255)', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
}
