import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(20, (value) => Number(value));

/** The embedded store's file in the data dir. */
export const SQLITE_FILE = 'halo.sqlite';

export interface OpenStoreOptions {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  readonly postgresSchema?: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  readonly sqliteFile?: string;
}

export function openStore(options: OpenStoreOptions): Store {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? SQLITE_FILE;
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new BetterSqlite3(file === ':memory:' ? file : join(options.dataDir, file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
