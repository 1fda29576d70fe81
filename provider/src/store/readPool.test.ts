import { API_BASE, apiPaths, ErrorCode } from '@halo/shared';
import { createServer, connect, type AddressInfo } from 'node:net';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../errors/httpError.js';
import type { DeviceStateRow } from '../routes/devices/deviceView.js';
import { devicesStateColumnsText } from '../routes/devices/devicesStateText.js';
import { TEST_POSTGRES_URL } from '../testing/databaseTemplates.js';
import { DIALECTS, startTestProvider, type TestProvider } from '../testing/testProvider.js';
import { ReadAborted, type ReadPool } from './readPool.js';
import { postgresReadPool } from './postgresReadPool.js';
import { sqliteReadPool } from './sqliteReadPool.js';

/** A read that takes a while on either store, whatever the data: counting to ten million. */
const HEAVY_COUNT = 10_000_000;
/**
 * A read no machine finishes within a test's budget: counting to two billion (minutes on
 * either store). The budget and the caller's going away must stop it, never its end: on
 * a fast machine counting to three million fitted the 1 s budget.
 */
const ENDLESS_COUNT = 2_000_000_000; // within a 32-bit integer, which PostgreSQL infers
const countTo = (provider: TestProvider, count: number) =>
  sql<{
    total: number;
  }>`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}) select count(*) as total from n`.compile(
    provider.provider.context.db,
  );
const heavyRead = (provider: TestProvider) => countTo(provider, HEAVY_COUNT);
const endlessRead = (provider: TestProvider) => countTo(provider, ENDLESS_COUNT);

/** Waits (without a clock in the assertion) until the pool reports `busy` reads. */
async function untilBusy(reads: ReadPool, busy: number) {
  while (reads.busy !== busy) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe.each(DIALECTS)('read pool on %s', { timeout: 60_000 }, (dialect) => {
  let provider: TestProvider;
  beforeEach(async () => {
    provider = await startTestProvider(dialect, { HALO_PAGE_BUDGET_MS: '1000' });
  });
  afterEach(async () => {
    await provider.stop();
  });

  const reads = () => provider.provider.context.reads;

  it('answers another caller while a heavy read runs: the cheap call first, then the heavy one', async () => {
    const finished: string[] = [];
    const heavy = reads()
      .begin('export', new AbortController().signal)
      .rows(heavyRead(provider))
      .then((rows) => {
        finished.push('heavy');
        return rows;
      });
    await untilBusy(reads(), 1);
    const clock = await provider.api.get(`${API_BASE}${apiPaths.serverClock}`);
    finished.push('cheap');
    expect(clock.status).toBe(200);
    expect(Number((await heavy)[0]?.total)).toBe(HEAVY_COUNT);
    expect(finished).toEqual(['cheap', 'heavy']);
    expect(reads().busy).toBe(0);
  });

  it('stops a read past its budget with error 150 (503, Retry-After), frees its worker and reads on', async () => {
    const stopped = await reads()
      .begin('page', new AbortController().signal)
      .rows(endlessRead(provider))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(stopped).toBeInstanceOf(HttpError);
    const refusal = stopped as HttpError;
    expect(refusal.status).toBe(503);
    expect(refusal.retryAfterSeconds).toBeGreaterThan(0);
    expect(refusal.body.error).toBe(ErrorCode.QUERY_BUDGET_EXCEEDED);
    expect(refusal.body.message).toBe(
      'The query took longer than its 1 s budget and was stopped; narrow the filter or the dates.',
    );
    await untilBusy(reads(), 0);
    // The next read, on the export budget: on a busy machine PostgreSQL may still be ending the
    // stopped statement, and this read is here to show the worker reads on, not to be timed.
    const environments = await reads()
      .begin('export', new AbortController().signal)
      .rows(provider.provider.context.db.selectFrom('environments').select('name').compile());
    expect(environments.map((row) => row.name)).toEqual(['root']);
  });

  it('stops a read when its caller goes away and frees the worker', async () => {
    const callerGone = new AbortController();
    const read = reads().begin('export', callerGone.signal).rows(endlessRead(provider));
    await untilBusy(reads(), 1);
    callerGone.abort();
    await expect(read).rejects.toBeInstanceOf(ReadAborted);
    await untilBusy(reads(), 0);
    if (dialect === 'postgres') {
      // The server stopped the statement too: no backend is left counting.
      const active = async () =>
        (
          await sql<{
            running: number;
          }>`select count(*)::int as running from pg_stat_activity where state = 'active' and query like '%recursive n(i)%' and pid <> pg_backend_pid()`.execute(
            provider.provider.context.db,
          )
        ).rows[0]?.running;
      while ((await active()) !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});

// Reading and shaping are checked with room to spare: the 1 s budget above is for stopping reads,
// and a worker's first start (its modules loaded, its connection made) on a busy machine can take
// most of it.
describe.each(DIALECTS)('read pool shaping on %s', { timeout: 60_000 }, (dialect) => {
  let provider: TestProvider;
  beforeEach(async () => {
    provider = await startTestProvider(dialect, { HALO_PAGE_BUDGET_MS: '10000' });
  });
  afterEach(async () => {
    await provider.stop();
  });

  const reads = () => provider.provider.context.reads;

  it('reads several queries in one snapshot and refuses to write', async () => {
    const { db } = provider.provider.context;
    const read = reads().begin('page', new AbortController().signal);
    const [environments, users] = await read.snapshot([
      db.selectFrom('environments').select('name').compile(),
      db.selectFrom('users').select('username').compile(),
    ]);
    expect(environments.map((row) => row.name)).toEqual(['root']);
    expect(users.map((row) => row.username)).toContain('admin');
    await expect(read.rows(db.deleteFrom('environments').compile())).rejects.toThrow();
    expect(await db.selectFrom('environments').select('name').execute()).toHaveLength(1);
  });

  it("shapes a snapshot's last rows where they were read, as this thread would, beside the other rows", async () => {
    const { db } = provider.provider.context;
    // Two devices' live columns, one with a position and links, one without.
    const devices = sql<DeviceStateRow>`
      select 7 as id, 'north-7' as name, 'P-7' as pairing_id, 1 as type, 0 as is_server, 1 as is_enabled,
        1 as is_activated, 1 as availability, 1 as main_app_status,
        '{"cellular":{"online":1,"total":2}}' as links_summary, 1 as gnss_lock, '2.1.0' as firmware_version,
        34.78 as longitude, 32.08 as latitude, 40 as altitude, 5 as accuracy, 1790000000000 as location_time,
        1790000000500 as updated_at, 3 as revision
      union all
      select 9, 'south-9', 'P-9', 2, 1, 1, 0, null, null, null, null, null, null, null, null, null, null,
        1790000000100, 4`.compile(db);
    const read = reads().begin('page', new AbortController().signal);
    const { rows, shaped } = await read.shapedSnapshot(
      [db.selectFrom('environments').select('name').compile()],
      devices,
      'devicesStateColumns',
    );
    expect(rows[0].map((row) => row.name)).toEqual(['root']);
    const plain = await reads().begin('page', new AbortController().signal).rows(devices);
    // The columns come as UTF-8 bytes moved from the worker: the same text as shaped here.
    const text = (columns: Uint8Array) => Buffer.from(columns).toString('utf8');
    const here = await devicesStateColumnsText(plain);
    expect(text(shaped.columns)).toBe(text(here.columns));
    expect(shaped.changedAt).toBe(here.changedAt);
    expect(shaped.changedAt).toBe(1790000000100);
    expect(JSON.parse(text(shaped.columns))).toMatchObject({
      n: 2,
      name: { shared: [0, 0], rest: ['north-7', 'south-9'] },
    });
  });
});

describe.each(DIALECTS)('read pool memory bound on %s', { timeout: 60_000 }, (dialect) => {
  it('stops a read whose rows outgrow its worker heap, and the provider keeps serving', async () => {
    const provider = await startTestProvider(dialect);
    const { config, db } = provider.provider.context;
    const options = { size: 1, budgetMs: { page: 60_000, export: 60_000 }, memoryMb: 32 };
    const reads =
      dialect === 'sqlite'
        ? sqliteReadPool(`${config.dataDir}/halo.sqlite`, options)
        : postgresReadPool({ connectionString: config.databaseUrl }, options);
    try {
      // About 100 MB of rows, more than the worker may hold.
      const huge =
        dialect === 'sqlite'
          ? sql<{
              text: string;
            }>`with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000) select hex(randomblob(500)) as text from n`.compile(
              db,
            )
          : sql<{ text: string }>`select repeat(md5(i::text), 32) as text from generate_series(1, 100000) as i`.compile(
              db,
            );
      const refused = await reads
        .begin('page', new AbortController().signal)
        .rows(huge)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(HttpError);
      expect((refused as HttpError).status).toBe(503);
      expect(reads.busy).toBe(0);
      expect((await provider.api.get(`${API_BASE}${apiPaths.serverClock}`)).status).toBe(200);
      // A fresh worker took the stopped one's place.
      const roots = await reads
        .begin('page', new AbortController().signal)
        .rows(db.selectFrom('environments').select('name').compile());
      expect(roots.map((row) => row.name)).toEqual(['root']);
    } finally {
      await reads.close();
      await provider.stop();
    }
  });
});

/** A port nothing listens on yet (taken and given back). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('read pool while its database is away', { timeout: 60_000 }, () => {
  it('fails a read with the connection error, then reads through a fresh connection once the database is back', async () => {
    const database = new URL(TEST_POSTGRES_URL);
    const port = await freePort();
    const away = new URL(TEST_POSTGRES_URL);
    away.port = String(port);
    const reads = postgresReadPool(
      { connectionString: away.href, connectionTimeoutMillis: 5000 },
      { size: 1, budgetMs: { page: 10_000, export: 10_000 }, memoryMb: 64 },
    );
    const read = () =>
      reads
        .begin('page', new AbortController().signal)
        .rows(CompiledQuery.raw('select 1 as one') as CompiledQuery<{ one: number }>)
        .then(
          (rows) => rows,
          (error: unknown) => error,
        );
    // Back: the port now leads to the database.
    const relay = createServer((socket) => {
      const upstream = connect(Number(database.port || 5432), database.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    try {
      expect(String(await read())).toMatch(/ECONNREFUSED/);
      await untilBusy(reads, 0);
      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      expect(await read()).toEqual([{ one: 1 }]);
    } finally {
      await reads.close();
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});
