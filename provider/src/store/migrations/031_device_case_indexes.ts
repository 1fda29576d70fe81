import { sql, type Kysely } from 'kysely';

/**
 * A device's name is unique in its environment and its pairing id in the installation, in any
 * case (deviceConstraints.ts): the checks compare lower(...) and, without an index on it, read
 * every device of the installation for each device created or changed (60-70 ms at 100,000
 * devices on SQLite, on the thread that answers everyone). Indexes on the same expressions
 * serve them on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index devices_pairing_id_lower on devices (lower(pairing_id))`.execute(db);
  await sql`create index devices_environment_name_lower on devices (environment_id, lower(name))`.execute(db);
}
