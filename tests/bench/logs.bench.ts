import { readFileSync } from 'node:fs';
import { API, API_BASE, LOG_TIME_PRESETS, pathOf } from '@halo/shared';
import { test } from '@playwright/test';
import { login, type Session } from '../fixtures/liveClient';
import { TEST_POSTGRES_URL } from '../fixtures/ownDatabase';
import { MODELS } from './benchStore';
import { seedPostgresLog, seedSqliteLog, withPostgres } from './systemLogSeed';
import {
  sqliteStoreOf,
  startGateway,
  startProvider,
  type GatewayProcess,
  type ProviderProcess,
} from '../fixtures/stack';
import { figureTable, ms, percentile } from './benchFigures';
import { assertVerified } from './verifiedCounts';

/**
 * bench:logs (issue 11, point 7). A provider of its own on SQLite, then on PostgreSQL, holding
 * 1,000,000 system log entries over 100,000 devices and 30 days, and a gateway in front of it.
 * Through the gateway, as the System log screen asks: the time to the first page for each
 * filter kind, over the screen's default range (the last 24 hours) and over the whole log;
 * then the CSV export of the whole log, its rows per second and the gateway's and provider's
 * resident memory while it streams. Prints one table per database with the targets beside the
 * figures; asserts only that the export holds every entry.
 */
const ENTRIES = Number(process.env.BENCH_LOG_ENTRIES ?? 1_000_000);
const DEVICES = Number(process.env.BENCH_LOG_DEVICES ?? 100_000);
const DAYS = Number(process.env.BENCH_LOG_DAYS ?? 30);
const SAMPLES = Number(process.env.BENCH_LOG_SAMPLES ?? 30);
const DIALECTS = (process.env.BENCH_LOG_DIALECTS ?? 'sqlite,postgres').split(',');
/** Keep the seeded databases (printed) to look at query plans afterwards. */
const KEEP = process.env.BENCH_LOG_KEEP === '1';
/** The page the screens ask for. */
const PAGE_SIZE = 100;
const TARGET = { firstPageP95Ms: 300, exportRowsPerSecond: 50_000 };

const DAY_MS = 86_400_000;
const SIZE = { entries: ENTRIES, devices: DEVICES };

// ---- what the screen asks ----------------------------------------------------------------------

/** A small seeded generator, so every run asks the same questions. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const deviceName = (device: number) => `bench-${MODELS[device % 3]}-${String(device).padStart(6, '0')}`;

type Query = Record<string, string>;

interface FilterKind {
  readonly name: string;
  /** The filter's parameters for sample `n`, drawn with `next`. */
  readonly query: (next: () => number, now: number) => Query;
}

const pickDevice = (next: () => number) => 1 + Math.floor(next() * DEVICES);

const FILTER_KINDS: readonly FilterKind[] = [
  { name: 'none', query: () => ({}) },
  {
    // The device-name box: a whole name (10 entries) or a part shared by a hundred devices.
    name: 'free text (device name)',
    query: (next) => {
      const device = pickDevice(next);
      return { device_name: next() < 0.5 ? deviceName(device) : deviceName(device).slice(0, -2) };
    },
  },
  { name: 'device', query: (next) => ({ device_ids: String(pickDevice(next)) }) },
  {
    name: 'severity',
    query: (next) => ({ severities: next() < 0.5 ? '3' : String(Math.floor(next() * 4)) }),
  },
  {
    // A custom range of one hour to one day anywhere in the log.
    name: 'date range',
    query: (next, now) => {
      const end = now - Math.floor(next() * (DAYS - 1) * DAY_MS);
      const length = 3_600_000 + Math.floor(next() * (DAY_MS - 3_600_000));
      return { start_date: new Date(end - length).toISOString(), end_date: new Date(end).toISOString() };
    },
  },
  {
    name: 'combined',
    query: (next, now) => {
      const end = now - Math.floor(next() * (DAYS - 7) * DAY_MS);
      return {
        device_name: MODELS[Math.floor(next() * 3)] ?? 'halo',
        severities: '2,3',
        device_attribute_types: String(1 + Math.floor(next() * 13)),
        start_date: new Date(end - 7 * DAY_MS).toISOString(),
        end_date: new Date(end).toISOString(),
      };
    },
  },
];

/** The scopes each kind is asked over: the screen's default (24 h back from now), and the whole log. */
const SCOPES = [
  {
    name: 'last 24 h',
    bound: (now: number): Query => ({ start_date: new Date(now - LOG_TIME_PRESETS['24h']).toISOString() }),
  },
  { name: 'whole log', bound: (): Query => ({}) },
] as const;

function logURL(gateway: GatewayProcess, session: Session, endpoint: 'list' | 'export', query: Query) {
  const path = pathOf(endpoint === 'list' ? API.logs.systemLogs : API.logs.systemLogsExport, {
    environmentId: session.environmentId,
  });
  return `${gateway.baseURL}${API_BASE}${path}?${new URLSearchParams(query).toString()}`;
}

async function firstPage(
  gateway: GatewayProcess,
  session: Session,
  query: Query,
): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const response = await fetch(logURL(gateway, session, 'list', { ...query, page_size: String(PAGE_SIZE) }), {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`system_logs answered ${response.status}: ${text}`);
  return { ms: elapsed, rows: (JSON.parse(text) as { system_logs: unknown[] }).system_logs.length };
}

/** Resident memory of a process in MB, from /proc. */
function residentMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

interface ExportFigures {
  readonly rows: number;
  readonly seconds: number;
  readonly gateway: readonly number[];
  readonly provider: readonly number[];
}

/** Streams the whole log's CSV through the gateway, counting rows and sampling memory every 100 ms. */
async function exportAll(gateway: GatewayProcess, provider: ProviderProcess, session: Session): Promise<ExportFigures> {
  const memory = { gateway: [residentMB(gateway.pid)], provider: [residentMB(provider.pid)] };
  const sampler = setInterval(() => {
    memory.gateway.push(residentMB(gateway.pid));
    memory.provider.push(residentMB(provider.pid));
  }, 100);
  const started = performance.now();
  let lines = 0;
  try {
    const response = await fetch(logURL(gateway, session, 'export', {}), {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    for await (const chunk of response.body) {
      const bytes = chunk as Uint8Array;
      for (let index = 0; index < bytes.length; index += 1) if (bytes[index] === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  memory.gateway.push(residentMB(gateway.pid));
  memory.provider.push(residentMB(provider.pid));
  // The seeded descriptions hold no line breaks: every line after the header is one entry.
  return { rows: lines - 1, seconds, ...memory };
}

const memoryFigures = (samples: readonly number[]) =>
  `before ${samples[0]?.toFixed(0)} MB, max ${Math.max(...samples).toFixed(0)} MB, after ${samples.at(-1)?.toFixed(0)} MB`;

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

// ---- one run per database ----------------------------------------------------------------------

for (const dialect of DIALECTS as ('sqlite' | 'postgres')[]) {
  test(`system log on ${dialect}: first pages by filter kind and the whole log as CSV`, async () => {
    const log = (text: string) => console.log(`[bench:logs ${dialect}] ${text}`);
    const schema = `bench_logs_${Date.now().toString(36)}`;
    if (dialect === 'postgres') await withPostgres((client) => client.query(`create schema ${schema}`));
    const databaseEnv: Record<string, string> =
      dialect === 'postgres'
        ? { DATABASE_URL: `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` }
        : {};
    const provider = await startProvider(databaseEnv);
    let gateway: GatewayProcess | null = null;
    try {
      const { environmentId } = await login(provider.url, provider.adminPassword);
      await provider.stop();
      const now = Date.now();
      const step = Math.floor((DAYS * DAY_MS) / ENTRIES);
      const start = now - step * ENTRIES;
      const seeding = performance.now();
      if (dialect === 'sqlite') seedSqliteLog(sqliteStoreOf(provider.dataDir), SIZE, environmentId, start, step);
      else await seedPostgresLog(schema, SIZE, environmentId, start, step);
      const seedSeconds = (performance.now() - seeding) / 1000;
      log(`seeded ${ENTRIES} entries over ${DEVICES} devices in ${seedSeconds.toFixed(1)} s`);
      await provider.restart();
      gateway = await startGateway(provider.apiURL, { HALO_RATE_LIMIT_API_PER_MIN: '100000' });
      const session = await login(gateway.baseURL, provider.adminPassword);

      const rows: [string, string][] = [
        ['entries / devices / days', `${ENTRIES} / ${DEVICES} / ${DAYS}`],
        ['seeding (the database writing the rows)', `${seedSeconds.toFixed(1)} s`],
        ['page size', String(PAGE_SIZE)],
      ];
      const p95s: number[] = [];
      for (const scope of SCOPES) {
        for (const kind of FILTER_KINDS) {
          const next = random(kind.name.length * 7919 + scope.name.length);
          const times: number[] = [];
          const found: number[] = [];
          // Two warm-up asks, then the samples.
          for (let sample = -2; sample < SAMPLES; sample += 1) {
            const page = await firstPage(gateway, session, { ...kind.query(next, now), ...scope.bound(now) });
            if (sample >= 0) {
              times.push(page.ms);
              found.push(page.rows);
            }
          }
          const p95 = percentile(times, 95);
          p95s.push(p95);
          rows.push([
            `first page, ${scope.name}: ${kind.name}`,
            `median ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...times))} (rows: median ${percentile(found, 50)})`,
          ]);
        }
      }
      const worst = Math.max(...p95s);
      rows.push([
        `first page p95 ≤ ${TARGET.firstPageP95Ms} ms (worst kind)`,
        `${ms(worst)}: ${verdict(worst <= TARGET.firstPageP95Ms)}`,
      ]);

      log('exporting the whole log');
      const exported = await exportAll(gateway, provider, session);
      assertVerified('bench:logs', [
        {
          what: 'log lines in the export',
          stated: ENTRIES,
          verified: exported.rows,
          wrong: Math.max(0, exported.rows - ENTRIES),
          wrongWhat: 'more than the log holds',
        },
      ]);
      const rate = exported.rows / exported.seconds;
      rows.push(
        ['export: rows / time', `${exported.rows} / ${exported.seconds.toFixed(1)} s`],
        [
          `export: rows per second ≥ ${TARGET.exportRowsPerSecond}`,
          `${Math.round(rate)}: ${verdict(rate >= TARGET.exportRowsPerSecond)}`,
        ],
        ['export: gateway resident memory', memoryFigures(exported.gateway)],
        ['export: provider resident memory', memoryFigures(exported.provider)],
      );
      console.log(figureTable(`bench:logs on ${dialect}`, rows));
    } finally {
      await gateway?.dispose();
      if (KEEP) {
        await provider.stop();
        log(`kept: ${dialect === 'sqlite' ? sqliteStoreOf(provider.dataDir) : `schema ${schema}`}`);
      } else {
        await provider.dispose();
        if (dialect === 'postgres') await withPostgres((client) => client.query(`drop schema ${schema} cascade`));
      }
    }
  });
}
