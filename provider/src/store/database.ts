import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createPrivateFile } from './privateDataDir.js';
import { postgresReadPool } from './postgresReadPool.js';
import { DEFAULT_READ_POOL, inlineReadPool, type ReadPool, type ReadPoolOptions } from './readPool.js';
import { sqliteReadPool } from './sqliteReadPool.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** Where heavy reads run, off the loop that answers everyone (readPool.ts). */
  readonly reads: ReadPool;
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
  readonly readPool?: ReadPoolOptions;
}

export function openStore(options: OpenStoreOptions): Store {
  if (options.databaseUrl) {
    const connection: pg.PoolConfig = {
      connectionString: options.databaseUrl,
      ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}),
    };
    const pool = new pg.Pool({ ...connection, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const readPool = options.readPool ?? DEFAULT_READ_POOL;
    const reads = readPool.size === 0 ? inlineReadPool(db, readPool) : postgresReadPool(connection, readPool);
    return withReads(db, 'postgres', reads);
  }
  const file = options.sqliteFile ?? SQLITE_FILE;
  const path = file === ':memory:' ? file : join(options.dataDir, file);
  // Made 0600 before SQLite opens it; its -wal and -shm files take the same mode.
  if (path !== ':memory:') createPrivateFile(path);
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const readPool = options.readPool ?? DEFAULT_READ_POOL;
  const inline = path === ':memory:' || readPool.size === 0;
  // The read workers checkpoint the WAL (sqliteReadPool.ts), not the writer in its commits; with
  // no worker the writer's own auto-checkpoint stays.
  if (!inline) sqlite.pragma('wal_autocheckpoint = 0');
  const reads = inline ? inlineReadPool(db, readPool) : sqliteReadPool(path, readPool);
  return withReads(db, 'sqlite', reads);
}

function withReads(db: Kysely<Database>, dialect: Dialect, reads: ReadPool): Store {
  return {
    db,
    dialect,
    reads,
    close: async () => {
      await reads.close();
      await db.destroy();
    },
  };
}
