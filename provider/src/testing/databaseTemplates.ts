import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore, SQLITE_FILE } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';
import { PRIVATE_FILE_MODE } from '../store/privateDataDir.js';
import { DEFAULT_READ_POOL } from '../store/readPool.js';

export const TEST_POSTGRES_URL = process.env.HALO_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Migrated, empty databases, made once per test run, that every test provider starts from:
 * a copy of one is what a new database plus every migration gives, in a tenth of the time.
 * `postgresDatabase` is undefined when PostgreSQL could not be reached (its tests then fail on
 * their own, and SQLite's still run).
 */
export interface DatabaseTemplates {
  /** A migrated SQLite file, copied into each test provider's data dir. */
  readonly sqliteFile: string;
  /** A migrated PostgreSQL database, the TEMPLATE of each test provider's own database. */
  readonly postgresDatabase: string | undefined;
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/** TEST_POSTGRES_URL with another database. */
export function postgresUrlOf(database: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function migrate(options: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const store = openStore({ ...options, readPool: { ...DEFAULT_READ_POOL, size: 0 } });
  try {
    await migrateToLatest(store);
  } finally {
    await store.close();
  }
}

export async function createDatabaseTemplates(): Promise<DatabaseTemplates> {
  const sqliteDir = mkdtempSync(join(tmpdir(), 'halo-template-'));
  await migrate({ dataDir: sqliteDir });
  const postgresDatabase = uniqueName('halo_template');
  try {
    await onPostgres(`CREATE DATABASE ${postgresDatabase}`);
  } catch {
    return { sqliteFile: join(sqliteDir, SQLITE_FILE), postgresDatabase: undefined };
  }
  await migrate({ dataDir: sqliteDir, databaseUrl: postgresUrlOf(postgresDatabase) });
  return { sqliteFile: join(sqliteDir, SQLITE_FILE), postgresDatabase };
}

/** After the run: the templates, and the copies of tests that never stopped their provider (named after the template). */
export async function dropDatabaseTemplates(templates: DatabaseTemplates): Promise<void> {
  rmSync(join(templates.sqliteFile, '..'), { recursive: true, force: true });
  const template = templates.postgresDatabase;
  if (!template) return;
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)',
      [`${template}_`],
    );
    for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${template}`);
  } finally {
    await client.end();
  }
}

/** Puts a copy of the migrated SQLite file where a provider on `dataDir` opens its store (0600, as the store makes it). */
export function copySqliteTemplate(templates: DatabaseTemplates, dataDir: string): void {
  const file = join(dataDir, SQLITE_FILE);
  copyFileSync(templates.sqliteFile, file);
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** A new PostgreSQL database copied from the template, and how to drop it; its URL is the provider's DATABASE_URL. */
export async function copyPostgresTemplate(
  templates: DatabaseTemplates,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!templates.postgresDatabase) throw new Error(`PostgreSQL is not reachable at ${TEST_POSTGRES_URL}`);
  const database = uniqueName(templates.postgresDatabase);
  await onPostgres(`CREATE DATABASE ${database} TEMPLATE ${templates.postgresDatabase}`);
  // DROP DATABASE waits (up to 5 s) for the provider's closing connections to go.
  return { url: postgresUrlOf(database), drop: () => onPostgres(`DROP DATABASE IF EXISTS ${database}`) };
}
