import { sql, type Kysely } from 'kysely';
import { log } from '../../log.js';
import type { Dialect } from '../database.js';

/** Serialises installing pg_trgm between providers migrating at once (two CREATE EXTENSIONs collide). */
const TRIGRAM_LOCK = 7_170_017;

/**
 * Finding system log entries by part of a device name without reading the whole log: a
 * trigram index of system_logs.device_name (logSearch.ts reads it).
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over the log's names (external content,
 *   nothing copied; triggers keep it in step with inserts and deletes), built for the rows
 *   already there.
 * - PostgreSQL: a GIN trigram index on lower(device_name), from the pg_trgm extension (in
 *   PostgreSQL's contrib, trusted: a user who may create in the database may install it). When
 *   it is neither installed nor installable, the filter reads the log as before and a warning
 *   says how to add the index later.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`create virtual table system_log_names using fts5(
      device_name, content = 'system_logs', content_rowid = 'id', tokenize = 'trigram case_sensitive 0', detail = 'none'
    )`.execute(db);
    await sql`create trigger system_log_names_insert after insert on system_logs begin
      insert into system_log_names (rowid, device_name) values (new.id, new.device_name);
    end`.execute(db);
    await sql`create trigger system_log_names_delete after delete on system_logs begin
      insert into system_log_names (system_log_names, rowid, device_name) values ('delete', old.id, old.device_name);
    end`.execute(db);
    await sql`insert into system_log_names (system_log_names) values ('rebuild')`.execute(db);
    return;
  }
  const schema = await trigramSchema(db);
  if (schema === null) {
    log.warn(
      'pg_trgm is not available: filtering the system log by device name reads the whole log. To index it: CREATE EXTENSION pg_trgm; CREATE INDEX system_logs_device_name_trigram ON system_logs USING gin (lower(device_name) gin_trgm_ops);',
    );
    return;
  }
  await sql`create index system_logs_device_name_trigram on system_logs
    using gin (lower(device_name) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}

/** The schema pg_trgm lives in, installing it in `public` when it may be; null when it cannot be had. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  await sql`select pg_advisory_xact_lock(${TRIGRAM_LOCK})`.execute(db);
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const existing = await installed();
  if (existing !== null) return existing;
  const { rows } = await sql<{ installable: boolean }>`select
    exists (select 1 from pg_available_extensions where name = 'pg_trgm')
    and has_database_privilege(current_database(), 'CREATE')
    and case when exists (select 1 from pg_namespace where nspname = 'public')
      then has_schema_privilege('public', 'CREATE') else false end as installable`.execute(db);
  if (rows[0]?.installable !== true) return null;
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  return installed();
}
