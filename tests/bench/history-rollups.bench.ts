import { test } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { withStore, type StoreDialect } from '../fixtures/ownDatabase';
import { sqliteStoreOf, startProvider, type ProviderProcess } from '../fixtures/stack';
import { figureTable, percentile, spread } from './benchFigures';
import { rollUpSamples } from './benchStore';
import { askSamples } from './heatSightAsks';
import { adminSession } from './fleetStack';

/**
 * bench:heatsight-history (issue 25, point 3). A provider of its own (no simulator) on SQLite
 * and on PostgreSQL, with 10,000,000 position samples over the last 7 days written straight
 * into its database (the database generating them: 10,000 devices spread over 8° x 6°, each a
 * sample about every 10 minutes near its home, 8 % without a link, 15 % with one down). They
 * are then rolled up by the provider's own backfill (what migration 020 runs on an upgrade)
 * and the provider restarted. Then, over HTTP:
 * - the samples endpoint for the 24 h and 7 d windows as the map asks them (default max_points):
 *   p50 and p95;
 * - before: main's answer scanned every sample of the window (its extent query, then its
 *   grouping into a 512-cell grid of the extent and 96 time buckets); those two queries are
 *   run here straight on the same database, a lower bound of what main's endpoint took.
 * Prints one table per store; asserts nothing about speed.
 */
const SAMPLES = Number(process.env.BENCH_HISTORY_SAMPLES ?? 10_000_000);
const DEVICES = Number(process.env.BENCH_HISTORY_DEVICES ?? 10_000);
const ASKS = Number(process.env.BENCH_HISTORY_ASKS ?? 20);
const BEFORE_ASKS = Number(process.env.BENCH_HISTORY_BEFORE_ASKS ?? 2);
const STORES = (process.env.BENCH_HISTORY_STORES ?? 'sqlite,postgres').split(',') as StoreDialect[];
const TARGET_P95_MS = 300;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const WINDOWS = { '24h': DAY_MS, '7d': WEEK_MS } as const;
/** Samples written per statement while loading. */
const LOAD_CHUNK = 1_000_000;

/** One statement's samples, numbered first to last-1; both databases read this SQL alike. */
function sampleSelect(environmentId: number, from: number, roundMs: number): string {
  const device = `(i % ${DEVICES})`;
  const round = `(i / ${DEVICES})`;
  const mood = `((${device} * 31 + ${round} * 17) % 100)`;
  const total = `(1 + ${device} % 3)`;
  const online = `(case when ${mood} < 8 then 0 when ((${device} * 13 + ${round} * 7) % 100) < 15 then ${total} - 1 else ${total} end)`;
  const drift = (salt: number) => `(((${device} * ${salt} + ${round} * 17) % 201) - 100) / 20000.0`;
  return `select ${environmentId}, ${device}, ${from} + ${round} * ${roundMs} + (${device} * 7919) % ${roundMs},
      30.0 + ((${device} * 7919) % 10007) * 8.0 / 10007 + ${drift(31)},
      29.0 + ((${device} * 104729) % 10009) * 6.0 / 10009 + ${drift(53)},
      case when ${mood} < 8 then 0 else 1 end, ${online}, ${total},
      case when ${online} = 0 then null else (${device} * 37 + ${round} * 11) % 101 end, null`;
}

const COLUMNS = `(environment_id, device_id, sample_time, longitude, latitude, connected, links_online,
  links_total, best_signal, cellular_signals)`;

/** Runs statements on the provider's database (its SQLite file, or its PostgreSQL database). */
async function onDatabase(
  dialect: StoreDialect,
  provider: ProviderProcess,
  databaseUrl: string,
  body: (run: (text: string) => Promise<unknown[]>) => Promise<void>,
): Promise<void> {
  if (dialect === 'sqlite') {
    const database = new BetterSqlite3(sqliteStoreOf(provider.dataDir));
    try {
      await body((text) => {
        const statement = database.prepare(text);
        return Promise.resolve(statement.reader ? statement.all() : (statement.run(), []));
      });
      database.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      database.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await body(async (text) => (await client.query(text)).rows as unknown[]);
  } finally {
    await client.end();
  }
}

/** Writes SAMPLES samples over the 7 days before `now`, straight into position_samples (not rolled up yet). */
async function loadSamples(
  dialect: StoreDialect,
  provider: ProviderProcess,
  databaseUrl: string,
  environmentId: number,
  now: number,
): Promise<number> {
  const started = performance.now();
  const rounds = Math.ceil(SAMPLES / DEVICES);
  const roundMs = Math.floor(WEEK_MS / rounds);
  const select = sampleSelect(environmentId, now - WEEK_MS, roundMs);
  await onDatabase(dialect, provider, databaseUrl, async (run) => {
    for (let start = 0; start < SAMPLES; start += LOAD_CHUNK) {
      const end = Math.min(SAMPLES, start + LOAD_CHUNK);
      await run(
        dialect === 'sqlite'
          ? `insert into position_samples ${COLUMNS} with recursive numbers(i) as
              (select ${start} union all select i + 1 from numbers where i < ${end - 1}) ${select} from numbers`
          : `insert into position_samples ${COLUMNS} ${select} from generate_series(${start}::bigint, ${end - 1}) as i`,
      );
    }
    if (dialect === 'postgres') await run('analyze position_samples');
  });
  return (performance.now() - started) / 1000;
}

/** Main's two queries for a window (historyExtent, then historyCells at its first grid), straight on the database. */
async function mainScan(
  dialect: StoreDialect,
  provider: ProviderProcess,
  databaseUrl: string,
  environmentId: number,
  from: number,
  to: number,
): Promise<number[]> {
  const times: number[] = [];
  const where = `environment_id = ${environmentId} and sample_time >= ${from} and sample_time <= ${to}`;
  await onDatabase(dialect, provider, databaseUrl, async (run) => {
    for (let ask = 0; ask < BEFORE_ASKS; ask += 1) {
      const started = performance.now();
      const [extent] = (await run(
        `select count(*) as count, min(longitude) as west, min(latitude) as south, max(longitude) as east,
          max(latitude) as north from position_samples where ${where}`,
      )) as { west: number; south: number; east: number; north: number }[];
      if (!extent) throw new Error('no extent');
      const real = (value: number) => `cast(${value} as double precision)`;
      const perLongitude = 512 / (Number(extent.east) - Number(extent.west));
      const perLatitude = 512 / (Number(extent.north) - Number(extent.south));
      const perTime = 96 / (to - from);
      await run(`select floor((longitude - ${real(Number(extent.west))}) * ${real(perLongitude)}) as cx,
          floor((latitude - ${real(Number(extent.south))}) * ${real(perLatitude)}) as cy,
          floor((sample_time - ${real(from)}) * ${real(perTime)}) as tb, count(*) as count,
          sum(case when connected = 0 or links_online = 0 then 1 else 0 end) as no_link,
          avg(case when connected = 0 or links_total <= 0 then 1.0 else (links_total - links_online) * 1.0 / links_total end) as down,
          avg(best_signal) as signal
        from position_samples where ${where} group by cx, cy, tb order by tb`);
      times.push(performance.now() - started);
    }
  });
  return times;
}

const verdict = (times: readonly number[]) => (percentile(times, 95) <= TARGET_P95_MS ? 'met' : 'MISSED');

for (const dialect of STORES)
  test(`HeatSight history over ${SAMPLES} samples on ${dialect}: rollups against a scan`, async () => {
    test.setTimeout(90 * 60_000);
    const log = (text: string) => console.log(`[bench:heatsight-history ${dialect}] ${text}`);
    await withStore(dialect, async (databaseUrl) => {
      const provider = await startProvider({ DATABASE_URL: databaseUrl });
      try {
        const { environmentId } = await adminSession(provider.url, provider.adminPassword);
        await provider.stop();
        const now = Date.now();
        log(`loading ${SAMPLES} samples`);
        const loadSeconds = await loadSamples(dialect, provider, databaseUrl, environmentId, now);
        log(`loaded in ${loadSeconds.toFixed(0)} s; rolling them up (migration 020's backfill)`);
        const rollUpSeconds = await rollUpSamples(
          dialect === 'sqlite'
            ? { sqliteFile: sqliteStoreOf(provider.dataDir) }
            : { postgres: { connectionString: databaseUrl } },
        );
        await provider.restart({ DATABASE_URL: databaseUrl }, 60 * 60_000);
        const { headers } = await adminSession(provider.url, provider.adminPassword);
        const rows: [string, string][] = [
          ['store / samples / devices', `${dialect} / ${SAMPLES} over 7 days / ${DEVICES}`],
          ['samples written (the database generating them)', `${loadSeconds.toFixed(0)} s`],
          ["rolling up every stored sample (migration 020's backfill)", `${rollUpSeconds.toFixed(0)} s`],
        ];
        for (const [window, span] of Object.entries(WINDOWS)) {
          log(`asking ${window}`);
          const after = await askSamples(provider.url, headers, environmentId, { window, until: String(now) }, ASKS);
          rows.push(
            [
              `${window}: answer (default max_points)`,
              `${after.history.mode}, ${after.history.rows} rows for ${after.history.samples} samples, ${(after.bytes / 1024).toFixed(0)} KiB`,
            ],
            [`${window}: now, rollups over HTTP (${ASKS} asks)`, spread(after.times)],
            [`${window}: p95 ≤ ${TARGET_P95_MS} ms`, verdict(after.times)],
          );
          if (BEFORE_ASKS > 0) {
            log(`main's scan of ${window}`);
            const before = await mainScan(dialect, provider, databaseUrl, environmentId, now - span, now);
            rows.push([`${window}: before, main's scan queries only (${BEFORE_ASKS} asks)`, spread(before)]);
          }
        }
        console.log(figureTable(`bench:heatsight-history (${dialect})`, rows));
      } catch (error) {
        console.log(`[bench:heatsight-history] the provider's last output:\n${provider.output().slice(-6000)}`);
        throw error;
      } finally {
        await provider.dispose();
      }
    });
  });
