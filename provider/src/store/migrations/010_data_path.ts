import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001_initial.js';

/** OpenVPN profiles, application rules and the certificates issued for them. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idModifier] = idColumn(dialect);
  await db.schema
    .createTable('openvpn_profiles')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('is_enabled', 'integer', (column) => column.notNull())
    .addColumn('is_private', 'integer', (column) => column.notNull())
    .addColumn('general_config', 'text')
    .addColumn('server_config', 'text')
    .addColumn('advanced_config', 'text')
    .addColumn('ca_family', 'varchar(64)')
    .addColumn('auth_password_sealed', 'text')
    .addColumn('tls_auth_key_sealed', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('openvpn_profiles_environment_name', ['environment_id', 'name'])
    .execute();

  await db.schema
    .createTable('application_rules')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) =>
      column.notNull().references('environments.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('is_enabled', 'integer', (column) => column.notNull())
    .addColumn('profile_id', 'integer')
    .addColumn('host_endpoint_info', 'text')
    .addColumn('hosts', 'text', (column) => column.notNull())
    .addColumn('hosts_settings', 'text', (column) => column.notNull())
    .addColumn('hubs', 'text', (column) => column.notNull())
    .addColumn('hub_endpoint_info', 'text')
    .addColumn('hubs_settings', 'text', (column) => column.notNull())
    .addColumn('topology', 'varchar(16)')
    .addColumn('pairing_mode', 'varchar(16)')
    .addColumn('protocol', 'varchar(16)')
    .addColumn('bandwidth_limit_kbps', 'integer')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('application_rules_environment_name', ['environment_id', 'name'])
    .execute();

  await db.schema
    .createTable('issued_certificates')
    .addColumn('id', idType, idModifier)
    .addColumn('environment_id', 'integer', (column) => column.notNull())
    .addColumn('serial', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('common_name', 'varchar(64)', (column) => column.notNull())
    .addColumn('profile_id', 'integer', (column) => column.notNull())
    .addColumn('issuer_user_id', 'integer', (column) => column.notNull())
    .addColumn('issued_at', 'bigint', (column) => column.notNull())
    .execute();
}
