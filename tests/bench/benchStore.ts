import { readFileSync } from 'node:fs';
import { applyAlarmReadings, type AlarmReading } from '@halo/provider/alarms';
import { rollUpStoredSamples } from '@halo/provider/positionRollups';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { TEST_POSTGRES_URL } from '../fixtures/ownDatabase';
import { sqliteStoreOf } from '../fixtures/stack';

/** What the benchmarks seed straight into a provider's store (stopped, or with its busy time-out). */
export type Dialect = 'sqlite' | 'postgres';

/** Device names of the seeded log, by model. */
export const MODELS = ['halo', 'dcx', 'hub'] as const;

/**
 * The log, written by the database itself from a number series so a million rows take seconds:
 * entry i belongs to device ((i × 7919) mod devices) + 1, named `bench-<model>-<6 digits>`, an
 * entry every `step` ms up to now, severities 70 % normal, 15 % minor,
 * 10 % major, 5 % critical (major and critical raised as alerts), attribute types 1 to 13.
 */
export function systemLogSelect(
  dialect: Dialect,
  environmentId: number,
  start: number,
  step: number,
  devices: number,
): string {
  const pad = (expression: string) =>
    dialect === 'sqlite' ? `printf('%06d', ${expression})` : `lpad((${expression})::text, 6, '0')`;
  const device = `((i * 7919) % ${devices}) + 1`;
  const model = `(case (${device}) % 3 ${MODELS.map((name, index) => `when ${index} then '${name}'`).join(' ')} end)`;
  const name = `'bench-' || ${model} || '-' || ${pad(device)}`;
  const band = `((i * 37) % 100)`;
  const severity = `(case when ${band} < 70 then 0 when ${band} < 85 then 1 when ${band} < 95 then 2 else 3 end)`;
  const level = `(case ${severity} when 0 then 'back_to_safety' when 1 then 'threshold_minor' when 2 then 'threshold_major' else 'threshold_critical' end)`;
  const value = `((i * 13) % 100)`;
  return `select ${environmentId}, ${device}, ${name}, (i % 13) + 1, ${level}, ${value} || ' %', ${severity},
    ${name} || ': cellular signal ' || ${value} || ' %, ' || ${level}, ${start} + i * ${step},
    case when ${severity} >= 2 then 1 else 0 end`;
}

export const SYSTEM_LOG_INSERT = `insert into system_logs (environment_id, device_id, device_name, device_attribute_type,
  event_type, value, severity, description, log_time, is_alert)`;

/** A number series `i` from `from` to `to` as a FROM-clause source, in the dialect's spelling. */
export const seriesFrom = (dialect: Dialect, from: number, to: number) =>
  dialect === 'sqlite'
    ? `(with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${to}) select i from s) as series`
    : `generate_series(${from}::bigint, ${to}::bigint) as series(i)`;

/** A connection to a provider's store: its SQLite file in `dataDir`, or its PostgreSQL schema. */
export interface BenchStore {
  readonly dialect: Dialect;
  run(sql: string): Promise<void>;
  one<T>(sql: string): Promise<T>;
  all<T>(sql: string): Promise<T[]>;
  /**
   * Adds up the position samples written straight into position_samples into HeatSight's
   * rollups, with the provider's own code (what its migration 020 does for samples stored
   * before it), so the provider answers history over them as over samples it recorded.
   */
  rollUpSamples(): Promise<number>;
  close(): Promise<void>;
}

/** Where a provider's store is: its data dir (SQLite) and its PostgreSQL schema. */
export interface StoreWhere {
  readonly dataDir: string;
  readonly schema: string;
}

/** A connection's target beside the provider: its SQLite file, or its PostgreSQL schema on the test server (plain data, for a worker too). */
export type StoreTarget = { readonly sqliteFile: string } | { readonly postgres: pg.PoolConfig };

export const storeTargetOf = (dialect: Dialect, where: StoreWhere): StoreTarget =>
  dialect === 'sqlite'
    ? { sqliteFile: sqliteStoreOf(where.dataDir) }
    : { postgres: { connectionString: TEST_POSTGRES_URL, options: `-c search_path=${where.schema}` } };

export async function openBenchStore(dialect: Dialect, where: StoreWhere): Promise<BenchStore> {
  if (dialect === 'sqlite') {
    const database = new BetterSqlite3(sqliteStoreOf(where.dataDir));
    database.pragma('busy_timeout = 30000');
    return {
      dialect,
      run: (sql) => {
        database.exec(sql);
        return Promise.resolve();
      },
      one: <T>(sql: string) => Promise.resolve(database.prepare(sql).get() as T),
      all: <T>(sql: string) => Promise.resolve(database.prepare(sql).all() as T[]),
      rollUpSamples: () => rollUpSamples(storeTargetOf(dialect, where)),
      close: () => {
        database.pragma('wal_checkpoint(TRUNCATE)');
        database.close();
        return Promise.resolve();
      },
    };
  }
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  await client.query(`set search_path = ${where.schema}`);
  return {
    dialect,
    run: async (sql) => void (await client.query(sql)),
    one: async <T>(sql: string) => (await client.query(sql)).rows[0] as T,
    all: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    rollUpSamples: () => rollUpSamples(storeTargetOf(dialect, where)),
    close: async () => {
      await client.query('analyze');
      await client.end();
    },
  };
}

const WEEK_MS = 7 * 86_400_000;

/**
 * `samples` position samples of an environment's devices over the 7 days before `now`, written
 * by the database: rounds of one sample per located device, each a little away from where the
 * device is now, about 8 % without a link (as bench:heatsight). Not rolled up: call
 * rollUpSamples after.
 */
export async function seedPositionSamples(store: BenchStore, environmentId: number, now: number, samples: number) {
  const { located } = await store.one<{ located: number | string }>(
    `select count(*) as located from devices where environment_id = ${environmentId} and longitude is not null`,
  );
  const perRound = Number(located);
  if (perRound === 0) throw new Error(`no located device in environment ${environmentId}`);
  const rounds = Math.ceil(samples / perRound);
  const roundMs = Math.floor(WEEK_MS / rounds);
  const start = now - WEEK_MS;
  // 64-bit arithmetic: PostgreSQL's ids are 32-bit and id x 104,729 is not.
  const id = 'cast(id as bigint)';
  for (let round = 0; round < rounds; round += 1) {
    const limit = Math.min(perRound, samples - round * perRound);
    const band = `((${id} * 31 + ${round} * 17) % 100)`;
    const signal = `((${id} * 37 + ${round} * 11) % 101)`;
    await store.run(`insert into position_samples (environment_id, device_id, sample_time, longitude, latitude,
        connected, links_online, links_total, best_signal, cellular_signals)
      select environment_id, id, ${start + round * roundMs} + (${id} * 7919) % ${roundMs},
        longitude + (((${id} * 7919 + ${round} * 104729) % 2001) - 1000) / 20000.0,
        latitude + (((${id} * 104729 + ${round} * 7919) % 2001) - 1000) / 20000.0,
        case when ${band} >= 8 then 1 else 0 end,
        case when ${band} < 8 then 0 else 1 + id % 2 end,
        1 + id % 2,
        case when ${band} < 8 then null else ${signal} end,
        case when ${band} < 8 then null else cast(${signal} as varchar(32)) end
      from devices where environment_id = ${environmentId} and longitude is not null
      order by id limit ${limit}`);
  }
}

/**
 * Adds up the position samples written straight into position_samples into HeatSight's
 * rollups, with the provider's own code (what its migration 020 does for samples stored
 * before it). Returns the seconds it took.
 */
export async function rollUpSamples(target: StoreTarget): Promise<number> {
  const started = performance.now();
  await withProviderCode(target, (db) => rollUpStoredSamples(db));
  return (performance.now() - started) / 1000;
}

/**
 * Opens the alarms of `breaches` as of `now` in an environment, with the provider's own code
 * (applyAlarmReadings, what the simulator's tick calls), for devices no simulator reads. The
 * provider must be stopped: on SQLite a second writer's commits fail the provider's own
 * transactions (a read that turns into a write finds its snapshot stale).
 */
export async function seedAlarms(
  target: StoreTarget,
  environmentId: number,
  breaches: readonly Omit<AlarmReading, 'kind'>[],
  now: number,
): Promise<void> {
  const readings = breaches.map((breach): AlarmReading => ({ kind: 'breach', ...breach }));
  await withProviderCode(target, (db) => applyAlarmReadings(db, environmentId, readings, now));
}

/** A connection to the store as the provider's code takes it (its schema's type). */
type ProviderDb = Parameters<typeof applyAlarmReadings>[0];

/** Runs the provider's own store code on a connection of the bench's to the store at `target`. */
async function withProviderCode(target: StoreTarget, work: (db: ProviderDb) => Promise<unknown>) {
  const dialect =
    'sqliteFile' in target
      ? new SqliteDialect({ database: new BetterSqlite3(target.sqliteFile) })
      : new PostgresDialect({ pool: new pg.Pool({ ...target.postgres, max: 1 }) });
  const db: ProviderDb = new Kysely({ dialect });
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

/** Resident memory of a process in MB, from /proc. */
export function residentMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
