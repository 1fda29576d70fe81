import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { createPrivateFile } from './privateDataDir.js';
import { postgresReadPool } from './postgresReadPool.js';
import { DEFAULT_READ_POOL, inlineReadPool, type ReadPool, type ReadPoolOptions } from './readPool.js';
import { sqliteReadPool } from './sqliteReadPool.js';
import { createWriteGate, providerGate, threadGate, type WriteGate } from './writeGate.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** Where heavy reads run, off the loop that answers everyone (readPool.ts). */
  readonly reads: ReadPool;
  /**
   * Where another thread opens a writing connection of its own to the same store (the fleet
   * simulator's, simulator/simulatorThread.ts); null for an in-memory SQLite store, which no
   * other connection can see.
   */
  readonly location: StoreLocation | null;
  close(): Promise<void>;
}

/** A store as another thread opens it: plain data, cloned to a worker. */
export type StoreLocation =
  | {
      readonly dialect: 'sqlite';
      readonly file: string;
      /** Whether its connections checkpoint the WAL in their commits (no read workers to do it). */
      readonly autoCheckpoint: boolean;
      /** Whose turn it is to write (writeGate.ts). */
      readonly gate: SharedArrayBuffer;
    }
  | { readonly dialect: 'postgres'; readonly connection: pg.PoolConfig };

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
    const db = openPostgres(connection, 10);
    const readPool = options.readPool ?? DEFAULT_READ_POOL;
    const reads = readPool.size === 0 ? inlineReadPool(db, readPool) : postgresReadPool(connection, readPool);
    return withReads(db, 'postgres', reads, { dialect: 'postgres', connection });
  }
  const file = options.sqliteFile ?? SQLITE_FILE;
  const path = file === ':memory:' ? file : join(options.dataDir, file);
  // Made 0600 before SQLite opens it; its -wal and -shm files take the same mode.
  if (path !== ':memory:') createPrivateFile(path);
  const readPool = options.readPool ?? DEFAULT_READ_POOL;
  const inline = path === ':memory:' || readPool.size === 0;
  // The read workers checkpoint the WAL (sqliteReadPool.ts), not the writer in its commits; with
  // no worker the writer's own auto-checkpoint stays.
  const gate = createWriteGate();
  const db = openSqlite(path, { autoCheckpoint: inline, busyTimeoutMs: 5000, gate: providerGate(gate) });
  const reads = inline ? inlineReadPool(db, readPool) : sqliteReadPool(path, readPool);
  const location =
    path === ':memory:' ? null : ({ dialect: 'sqlite', file: path, autoCheckpoint: inline, gate } as const);
  return withReads(db, 'sqlite', reads, location);
}

/**
 * A writing connection of a thread of its own to a store the provider opened (openStore): the
 * same settings as the provider's writer. On SQLite it takes turns with the provider's through
 * the store's write gate, and waits up to `busyTimeoutMs` for another process's lock (the backup
 * tools); on PostgreSQL a pool of `connections`.
 */
export function openWriter(
  location: StoreLocation,
  options: { readonly busyTimeoutMs: number; readonly connections: number },
): Kysely<Database> {
  return location.dialect === 'postgres'
    ? openPostgres(location.connection, options.connections)
    : openSqlite(location.file, {
        autoCheckpoint: location.autoCheckpoint,
        busyTimeoutMs: options.busyTimeoutMs,
        gate: threadGate(location.gate),
      });
}

function openPostgres(connection: pg.PoolConfig, max: number): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ ...connection, max }) }) });
}

/**
 * The provider's writer, or another thread's: each statement, and each transaction from BEGIN to
 * COMMIT, holds the store's write gate (writeGate.ts) with its connection, so neither thread
 * waits on SQLite's lock. Transactions take that lock as they begin (BEGIN IMMEDIATE): with two
 * writing connections a deferred one that read before it wrote would fail at once (SQLITE_BUSY,
 * no wait) had the other committed meanwhile.
 */
class GatedSqliteDriver extends SqliteDriver {
  constructor(
    settings: SqliteDialectConfig,
    private readonly gate: WriteGate,
  ) {
    super(settings);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    await this.gate.acquire();
    return connection;
  }
  override async releaseConnection(): Promise<void> {
    this.gate.release();
    await super.releaseConnection();
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class GatedSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly gate: WriteGate,
  ) {
    super(settings);
  }
  override createDriver() {
    return new GatedSqliteDriver(this.settings, this.gate);
  }
}

function openSqlite(
  path: string,
  options: { autoCheckpoint: boolean; busyTimeoutMs: number; gate: WriteGate },
): Kysely<Database> {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
  if (!options.autoCheckpoint) sqlite.pragma('wal_autocheckpoint = 0');
  return new Kysely<Database>({ dialect: new GatedSqliteDialect({ database: sqlite }, options.gate) });
}

function withReads(db: Kysely<Database>, dialect: Dialect, reads: ReadPool, location: StoreLocation | null): Store {
  return {
    db,
    dialect,
    reads,
    location,
    close: async () => {
      await reads.close();
      await db.destroy();
    },
  };
}
