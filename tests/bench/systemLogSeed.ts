import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { TEST_POSTGRES_URL } from '../fixtures/ownDatabase';
import { SYSTEM_LOG_INSERT, systemLogSelect } from './benchStore';

/** What a seeded system log holds: its entries and the devices they name (rows: benchStore's systemLogSelect). */
export interface SeedSize {
  readonly entries: number;
  readonly devices: number;
}

const CHUNK = 100_000;

/** Seeds a stopped provider's SQLite store. */
export function seedSqliteLog(file: string, size: SeedSize, environmentId: number, start: number, step: number) {
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  try {
    for (let from = 1; from <= size.entries; from += CHUNK) {
      const to = Math.min(size.entries, from + CHUNK - 1);
      database.exec(`with recursive series(i) as (select ${from} union all select i + 1 from series where i < ${to})
        ${SYSTEM_LOG_INSERT} ${systemLogSelect('sqlite', environmentId, start, step, size.devices)} from series`);
    }
    database.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
}

/** A PostgreSQL connection of the bench's own for one piece of work. */
export async function withPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Seeds a provider's PostgreSQL schema. */
export async function seedPostgresLog(
  schema: string,
  size: SeedSize,
  environmentId: number,
  start: number,
  step: number,
) {
  await withPostgres(async (client) => {
    await client.query(`set search_path = ${schema}`);
    for (let from = 1; from <= size.entries; from += CHUNK) {
      const to = Math.min(size.entries, from + CHUNK - 1);
      await client.query(
        `${SYSTEM_LOG_INSERT} ${systemLogSelect('postgres', environmentId, start, step, size.devices)} from generate_series(${from}::bigint, ${to}::bigint) as i`,
      );
    }
    // What autovacuum does soon after a table grows this much: without statistics the planner
    // takes the log for empty and sorts where it should walk an index.
    await client.query('analyze system_logs');
  });
}
