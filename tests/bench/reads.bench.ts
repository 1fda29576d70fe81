import { readFileSync } from 'node:fs';
import { API, API_BASE, apiPaths, pathOf } from '@halo/shared';
import { test } from '@playwright/test';
import { login, type Session } from '../fixtures/liveClient';
import { TEST_POSTGRES_URL } from '../fixtures/ownDatabase';
import { sqliteStoreOf, startProvider, type ProviderProcess } from '../fixtures/stack';
import { figureTable, ms, percentile } from './benchFigures';
import { seedPostgresLog, seedSqliteLog, withPostgres } from './systemLogSeed';
import { assertVerified } from './verifiedCounts';

/**
 * bench:reads (issue 25, points 1 and 2 for reads). A provider of its own on SQLite, then on
 * PostgreSQL, with ENTRIES system log entries in one environment (tenant A). While A streams
 * the whole log as CSV and asks big log pages (the whole log's histogram and a page with a
 * name filter) one after another, another caller (B) asks the cheap server_clock over and
 * over; the bench prints B's latency p50/p99 (and alone, before A starts), A's figures and the
 * provider's peak resident memory, once with the reads on the request loop (before:
 * HALO_READ_WORKERS=0) and once in the read pool (now). Asserts only that each export holds
 * every entry.
 */
const ENTRIES = Number(process.env.BENCH_READS_ENTRIES ?? 1_000_000);
const DEVICES = Number(process.env.BENCH_READS_DEVICES ?? 100_000);
const DIALECTS = (process.env.BENCH_READS_DIALECTS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const DAY_MS = 86_400_000;
const DAYS = 30;
/** B asks again this soon after each answer. */
const B_PAUSE_MS = 10;
const TARGET = { otherP99Ms: 100 };

const MODES = [
  { name: 'before (reads on the request loop)', env: { HALO_READ_WORKERS: '0' } },
  { name: 'now (read pool)', env: { HALO_READ_WORKERS: '2' } },
] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function residentMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** B's cheap call, asked until `until` resolves; answers each latency. */
async function cheapCalls(provider: ProviderProcess, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${provider.url}${API_BASE}${apiPaths.serverClock}`);
    await response.text();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`server_clock answered ${response.status}`);
    await sleep(B_PAUSE_MS);
  }
  return times;
}

const authorised = (session: Session) => ({ headers: { Authorization: `Bearer ${session.token}` } });

/** Streams the whole log's CSV and counts its lines. */
async function exportAll(provider: ProviderProcess, session: Session): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  const path = pathOf(API.logs.systemLogsExport, { environmentId: session.environmentId });
  const response = await fetch(`${provider.url}${API_BASE}${path}`, authorised(session));
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let lines = 0;
  for await (const chunk of response.body) {
    const bytes = chunk as Uint8Array;
    for (let index = 0; index < bytes.length; index += 1) if (bytes[index] === 10) lines += 1;
  }
  return { rows: lines - 1, seconds: (performance.now() - started) / 1000 };
}

/** The big pages: the whole log's histogram, and a page of a common name part over the whole log. */
async function bigPages(provider: ProviderProcess, session: Session, now: number, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  const environmentId = session.environmentId;
  const histogram = `${pathOf(API.logs.systemLogsHistogram, { environmentId })}?${new URLSearchParams({
    start_date: new Date(now - DAYS * DAY_MS).toISOString(),
    end_date: new Date(now).toISOString(),
  }).toString()}`;
  const page = `${pathOf(API.logs.systemLogs, { environmentId })}?device_name=hub-0&page_size=100`;
  while (!done) {
    for (const path of [histogram, page]) {
      const started = performance.now();
      const response = await fetch(`${provider.url}${API_BASE}${path}`, authorised(session));
      await response.text();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      times.push(performance.now() - started);
    }
  }
  return times;
}

for (const dialect of DIALECTS) {
  test(`reads on ${dialect}: another caller's latency while the whole log's export and big pages run`, async () => {
    const log = (text: string) => console.log(`[bench:reads ${dialect}] ${text}`);
    const schema = `bench_reads_${Date.now().toString(36)}`;
    if (dialect === 'postgres') await withPostgres((client) => client.query(`create schema ${schema}`));
    const databaseEnv: Record<string, string> =
      dialect === 'postgres'
        ? { DATABASE_URL: `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` }
        : {};
    const provider = await startProvider(databaseEnv);
    try {
      const { environmentId } = await login(provider.url, provider.adminPassword);
      await provider.stop();
      const now = Date.now();
      const step = Math.floor((DAYS * DAY_MS) / ENTRIES);
      const size = { entries: ENTRIES, devices: DEVICES };
      if (dialect === 'sqlite')
        seedSqliteLog(sqliteStoreOf(provider.dataDir), size, environmentId, now - step * ENTRIES, step);
      else await seedPostgresLog(schema, size, environmentId, now - step * ENTRIES, step);
      log(`seeded ${ENTRIES} entries`);
      const rows: [string, string][] = [['entries / devices', `${ENTRIES} / ${DEVICES}`]];
      for (const mode of MODES) {
        await provider.restart(mode.env);
        const session = await login(provider.url, provider.adminPassword);
        const alone = await cheapCalls(provider, sleep(3000));
        const rssBefore = residentMB(provider.pid);
        let peak = rssBefore;
        const sampler = setInterval(() => (peak = Math.max(peak, residentMB(provider.pid))), 100);
        const exported = exportAll(provider, session);
        const [other, pages, exportFigures] = await Promise.all([
          cheapCalls(provider, exported),
          bigPages(provider, session, now, exported),
          exported,
        ]);
        clearInterval(sampler);
        assertVerified(`bench:reads ${mode.name}`, [
          {
            what: 'rows in the export',
            stated: ENTRIES,
            verified: exportFigures.rows,
            wrong: Math.max(0, exportFigures.rows - ENTRIES),
            wrongWhat: 'more than stored',
          },
        ]);
        const otherP99 = percentile(other, 99);
        rows.push(
          [`${mode.name}: B alone, p50 / p99`, `${ms(percentile(alone, 50))} / ${ms(percentile(alone, 99))}`],
          [
            `${mode.name}: B during A's export and pages, p50 / p99 (${other.length} calls)`,
            `${ms(percentile(other, 50))} / ${ms(otherP99)}, max ${ms(Math.max(...other))}: ${otherP99 <= TARGET.otherP99Ms ? 'met' : 'MISSED'} (p99 ≤ ${TARGET.otherP99Ms} ms)`,
          ],
          [`${mode.name}: A's export`, `${exportFigures.rows} rows in ${exportFigures.seconds.toFixed(1)} s`],
          [
            `${mode.name}: A's big pages, median / p95 (${pages.length})`,
            `${ms(percentile(pages, 50))} / ${ms(percentile(pages, 95))}`,
          ],
          [
            `${mode.name}: provider resident memory`,
            `before ${rssBefore.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - rssBefore).toFixed(0)} MB)`,
          ],
        );
        log(`${mode.name}: done`);
      }
      console.log(figureTable(`bench:reads on ${dialect}`, rows));
    } finally {
      await provider.dispose();
      if (dialect === 'postgres') await withPostgres((client) => client.query(`drop schema ${schema} cascade`));
    }
  });
}
