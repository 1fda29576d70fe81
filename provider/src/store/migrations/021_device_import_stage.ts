import type { Kysely } from 'kysely';

/**
 * The stage of device imports (store/deviceImportStage.ts): an import writes its rows here in
 * short chunks, so other requests are served between them, and publishes them to devices in
 * one transaction. Columns mirror devices' and the audit detail each row will be logged with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_import_rows')
    .addColumn('import_id', 'varchar(36)', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('started_at', 'bigint', (column) => column.notNull())
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('pairing_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('type', 'integer', (column) => column.notNull())
    .addColumn('is_server', 'integer', (column) => column.notNull())
    .addColumn('is_enabled', 'integer', (column) => column.notNull())
    .addColumn('ip_addresses', 'text', (column) => column.notNull())
    .addColumn('port_from', 'integer')
    .addColumn('port_to', 'integer')
    .addColumn('upgrade_policy', 'text')
    .addColumn('audit_detail', 'text')
    .addColumn('audit_detail_code', 'varchar(64)')
    .addColumn('audit_detail_params', 'text')
    .addPrimaryKeyConstraint('device_import_rows_key', ['import_id', 'seq'])
    .execute();
}
