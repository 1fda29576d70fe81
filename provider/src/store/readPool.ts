import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@halo/shared';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { refuse, refuseAs } from '../http/httpError.js';
import type { ReadShaperName, ReadShapers } from '../readShapers.js';
import type { Database } from './schema.js';

/** The two kinds of heavy read and their time budgets: a page of an answer, or a whole export. */
export type ReadBudget = 'page' | 'export';

export interface ReadPoolOptions {
  /**
   * Worker threads (SQLite) or connections (PostgreSQL) that run heavy reads; more wait their
   * turn. 0 reads on the request loop as before the pool (to measure what it buys).
   */
  readonly size: number;
  readonly budgetMs: Readonly<Record<ReadBudget, number>>;
  /** A SQLite worker's heap; a read that needs more is stopped, so no request grows the provider past it. */
  readonly memoryMb: number;
}

export const DEFAULT_READ_POOL: ReadPoolOptions = {
  size: 2,
  budgetMs: { page: 10_000, export: 120_000 },
  memoryMb: 256,
};

/**
 * One heavy read: a page with its count, or an export's every batch. Its budget runs from
 * `begin`, and it stops when the caller's signal aborts (the client went away).
 */
export interface Read {
  /** The rows of a compiled query (`builder.compile()`), run off the request loop. */
  rows<Row>(query: CompiledQuery<Row>): Promise<Row[]>;
  /** The rows of several queries read in one snapshot (one read transaction), so they agree. */
  snapshot<const Queries extends readonly CompiledQuery[]>(queries: Queries): Promise<RowsOf<Queries>>;
  /**
   * As snapshot, with one more query whose rows are given to a shaper (readShapers.ts) where
   * they were read: in a SQLite worker only the shaper's result crosses to the request loop.
   */
  shapedSnapshot<const Queries extends readonly CompiledQuery[], Name extends ReadShaperName>(
    queries: Queries,
    shaped: CompiledQuery<ShaperRow<Name>>,
    shaper: Name,
  ): Promise<{ rows: RowsOf<Queries>; shaped: Shaped<Name> }>;
}

/** The row a shaper takes. */
export type ShaperRow<Name extends ReadShaperName> = Parameters<ReadShapers[Name]>[0][number];
/** What a shaper makes of the rows. */
export type Shaped<Name extends ReadShaperName> = Awaited<ReturnType<ReadShapers[Name]>>;

export type RowsOf<Queries extends readonly CompiledQuery[]> = {
  -readonly [Index in keyof Queries]: Queries[Index] extends CompiledQuery<infer Row> ? Row[] : never;
};

interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * Where heavy reads run, so the loop that answers everyone else is not held: SQLite's reads in
 * worker threads with their own connections (WAL lets them read beside the one writer),
 * PostgreSQL's on connections of their own that the server cancels at the budget.
 */
export interface ReadPool {
  begin(budget: ReadBudget, signal: AbortSignal): Read;
  /** Reads running now (for tests and metrics). */
  readonly busy: number;
  close(): Promise<void>;
}

/** The answer to a read past its budget: error 150, 503 with Retry-After. */
export const budgetExceeded = (budgetMs: number) =>
  refuse(
    ErrorCode.QUERY_BUDGET_EXCEEDED,
    // Seconds, to a tenth below ten (a budget of a few hundred ms says 0.3 s, not 0 s).
    { budget_s: budgetMs >= 10_000 ? Math.round(budgetMs / 1000) : Math.round(budgetMs / 100) / 10 },
    { retryAfterSeconds: 30 },
  );

const memoryExceeded = (memoryMb: number) =>
  refuseAs(
    'serviceUnavailable',
    `The query needed more than its ${memoryMb} MB and was stopped; narrow the filter or the dates.`,
  );

/** What a read rejects with when its caller went away; nobody is left to answer. */
export class ReadAborted extends Error {
  constructor() {
    super('The caller went away; the read was stopped');
    this.name = 'ReadAborted';
  }
}

/** What a job answers: each statement's rows; with a shaper, the last statement's rows shaped instead. */
interface JobResult {
  readonly rows: unknown[][];
  readonly shaped?: unknown;
}

interface Job {
  readonly statements: readonly Statement[];
  /** Given the last statement's rows. */
  readonly shaper?: ReadShaperName;
  resolve(result: JobResult): void;
  reject(error: unknown): void;
}

/** The shapers' module: the sources under vitest, the build in production. */
const SHAPERS_URL = new URL(
  import.meta.url.endsWith('.ts') ? '../readShapers.ts' : '../readShapers.js',
  import.meta.url,
);

/**
 * The shapers' module a worker thread can load: the build's. Under vitest (the sources run)
 * that is the build beside them when there is one, else null and the request loop shapes.
 */
function workerShapersUrl(): string | null {
  if (!SHAPERS_URL.href.endsWith('.ts')) return SHAPERS_URL.href;
  const built = new URL(SHAPERS_URL.href.replace('/src/', '/dist/').replace(/\.ts$/, '.js'));
  return existsSync(built) ? built.href : null;
}

let localShapers: Promise<ReadShapers> | undefined;

/** A job's result shaped on this thread, when it came back with rows only. */
async function shapedHere(result: JobResult, shaper: ReadShaperName | undefined): Promise<JobResult> {
  if (shaper === undefined || 'shaped' in result) return result;
  localShapers ??= import(SHAPERS_URL.href).then((module: { readShapers: ReadShapers }) => module.readShapers);
  const shapers = await localShapers;
  const rows = result.rows.slice(0, -1);
  const last = (result.rows.at(-1) ?? []) as never[];
  return { rows, shaped: await shapers[shaper](last) };
}

/**
 * Runs a job under a deadline and a signal: `start` begins the work and returns how to stop it;
 * the first of answer, deadline or abort settles the promise.
 */
function underBudget(
  deadline: number,
  budgetMs: number,
  signal: AbortSignal,
  start: (job: Job) => (reason: Error) => void,
  queries: readonly CompiledQuery[],
  shaper: ReadShaperName | undefined,
): Promise<JobResult> {
  return new Promise<JobResult>((resolve, reject) => {
    if (signal.aborted) return reject(new ReadAborted());
    let settled = false;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const job: Job = {
      statements: queries.map(({ sql, parameters }) => ({ sql, parameters })),
      ...(shaper === undefined ? {} : { shaper }),
      resolve: (result) => {
        if (settled) return;
        finish();
        // Shaped here only when the rows came back unshaped (no worker, or no build for it).
        shapedHere(result, shaper).then(resolve, reject);
      },
      reject: (error) => {
        if (settled) return;
        finish();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    };
    const stop = start(job);
    const timer = setTimeout(() => stop(budgetExceeded(budgetMs)), Math.max(0, deadline - Date.now()));
    const onAbort = () => stop(new ReadAborted());
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A Read over a way to run a job, its budget counted from now. */
function readUnder(
  budgetMs: number,
  signal: AbortSignal,
  start: (job: Job, deadline: number) => (reason: Error) => void,
): Read {
  const deadline = Date.now() + budgetMs;
  const run = (queries: readonly CompiledQuery[], shaper?: ReadShaperName) =>
    underBudget(deadline, budgetMs, signal, (job) => start(job, deadline), queries, shaper);
  return {
    rows: async <Row>(query: CompiledQuery<Row>) => ((await run([query])).rows[0] ?? []) as Row[],
    snapshot: async <const Queries extends readonly CompiledQuery[]>(queries: Queries) =>
      (await run(queries)).rows as RowsOf<Queries>,
    shapedSnapshot: async <const Queries extends readonly CompiledQuery[], Name extends ReadShaperName>(
      queries: Queries,
      shaped: CompiledQuery<ShaperRow<Name>>,
      shaper: Name,
    ) => {
      const result = await run([...queries, shaped], shaper);
      return { rows: result.rows as RowsOf<Queries>, shaped: result.shaped as Shaped<Name> };
    },
  };
}

/*
 * The SQLite worker, run with `eval` so it needs no file of its own beside the compiled code
 * (vitest runs the sources, production the dist). Its connection only reads (query_only), and
 * it refuses any statement that would write.
 */
const SQLITE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = ON');
const statements = new Map();
const prepared = (sql) => {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (!statement.reader) throw new Error('The read pool only reads');
    if (statements.size >= 100) statements.clear();
    statements.set(sql, statement);
  }
  return statement;
};
// Rows come as arrays (cheaper to read) and become objects here, keyed by the statement's columns.
const objectsOf = (statement, parameters) => {
  const names = statement.columns().map((column) => column.name);
  return statement.raw(true).all(parameters).map((values) => {
    const row = {};
    for (let index = 0; index < names.length; index += 1) row[names[index]] = values[index];
    return row;
  });
};
const readAll = db.transaction((list) => list.map(({ sql, parameters }) => objectsOf(prepared(sql), parameters)));
let shapers;
parentPort.on('message', async ({ statements: list, shaper }) => {
  try {
    const rows = readAll(list);
    if (shaper === undefined || !workerData.shapers) return parentPort.postMessage({ rows });
    shapers ??= import(workerData.shapers).then((module) => module.readShapers);
    const shaped = await (await shapers)[shaper](rows.pop());
    parentPort.postMessage({ rows, shaped });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

interface Slot {
  readonly worker: Worker;
  job: Job | undefined;
}

class SqliteReadPool implements ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly driver = createRequire(import.meta.url).resolve('better-sqlite3');
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly options: ReadPoolOptions,
  ) {}

  get busy() {
    return this.slots.filter((slot) => slot.job).length;
  }

  begin(budget: ReadBudget, signal: AbortSignal): Read {
    return readUnder(this.options.budgetMs[budget], signal, (job) => this.enqueue(job));
  }

  private enqueue(job: Job): (reason: Error) => void {
    if (this.closed) {
      job.reject(new Error('The read pool is closed'));
      return () => {};
    }
    this.queue.push(job);
    this.dispatch();
    return (reason) => {
      const queued = this.queue.indexOf(job);
      if (queued >= 0) this.queue.splice(queued, 1);
      const slot = this.slots.find((candidate) => candidate.job === job);
      // A synchronous statement cannot be interrupted: the worker goes, a fresh one takes its place.
      if (slot) this.retire(slot);
      job.reject(reason);
      this.dispatch();
    };
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => !candidate.job) ?? this.spawn();
      if (!slot) return;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage({ statements: job.statements, shaper: job.shaper });
    }
  }

  private spawn(): Slot | undefined {
    if (this.slots.length >= this.options.size) return undefined;
    const worker = new Worker(SQLITE_WORKER, {
      eval: true,
      workerData: { file: this.file, driver: this.driver, shapers: workerShapersUrl() },
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    const slot: Slot = { worker, job: undefined };
    worker.on('message', (message: { rows?: unknown[][]; shaped?: unknown; error?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      if (message.error !== undefined) job?.reject(new Error(message.error));
      else job?.resolve({ rows: message.rows ?? [], ...('shaped' in message ? { shaped: message.shaped } : {}) });
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const job = slot.job;
      this.retire(slot);
      job?.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? memoryExceeded(this.options.memoryMb) : error);
      this.dispatch();
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private retire(slot: Slot) {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    slot.job = undefined;
    void slot.worker.terminate();
  }

  async close() {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The read pool is closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }
}

/** PostgreSQL's "canceling statement due to statement timeout" or a pg_cancel_backend. */
const QUERY_CANCELED = '57014';

class PostgresReadPool implements ReadPool {
  private readonly pool: pg.Pool;
  private running = 0;

  constructor(
    private readonly connection: pg.PoolConfig,
    private readonly options: ReadPoolOptions,
  ) {
    this.pool = new pg.Pool({ ...connection, max: options.size });
  }

  get busy() {
    return this.running;
  }

  begin(budget: ReadBudget, signal: AbortSignal): Read {
    return readUnder(this.options.budgetMs[budget], signal, (job, deadline) => this.run(job, deadline));
  }

  private run(job: Job, deadline: number): (reason: Error) => void {
    let client: pg.PoolClient | undefined;
    let pid: number | undefined;
    // Set by the stop below, read by the query that is on its way.
    const state: { stopped?: Error } = {};
    const throwIfStopped = () => {
      if (state.stopped) throw state.stopped;
    };
    this.running += 1;
    const done = () => {
      this.running -= 1;
    };
    void (async () => {
      try {
        client = await this.pool.connect();
        throwIfStopped();
        // The server stops the statement at the budget itself; the timer in underBudget answers the caller.
        const timeout = String(Math.max(1, Math.ceil(deadline - Date.now())));
        const session = await client.query<{ pid: number }>(
          "select pg_backend_pid() as pid, set_config('statement_timeout', $1, false), set_config('default_transaction_read_only', 'on', false)",
          [timeout],
        );
        pid = session.rows[0]?.pid;
        throwIfStopped();
        const together = job.statements.length > 1;
        if (together) await client.query('begin isolation level repeatable read read only');
        const rows: unknown[][] = [];
        for (const statement of job.statements)
          rows.push((await client.query({ text: statement.sql, values: [...statement.parameters] })).rows);
        if (together) await client.query('commit');
        job.resolve({ rows });
        client.release();
      } catch (error) {
        job.reject(state.stopped ?? error);
        // A cancelled connection may still be busy with the statement: let it go rather than reuse it.
        client?.release(state.stopped !== undefined || (error as { code?: string }).code === QUERY_CANCELED);
      } finally {
        done();
      }
    })();
    return (reason) => {
      state.stopped = reason;
      job.reject(reason);
      if (pid !== undefined) void this.cancel(pid);
    };
  }

  /** Asks the server to stop a statement from a connection of its own (the pool's may all be busy). */
  private async cancel(pid: number) {
    const client = new pg.Client(this.connection);
    try {
      await client.connect();
      await client.query('select pg_cancel_backend($1)', [pid]);
    } catch {
      // The statement may have finished meanwhile; nothing is left to stop.
    } finally {
      await client.end().catch(() => {});
    }
  }

  close() {
    return this.pool.end();
  }
}

/** In-memory SQLite (tools and a few tests): no other connection can see it, so reads run inline. */
class InlineReadPool implements ReadPool {
  readonly busy = 0;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ReadPoolOptions,
  ) {}
  begin(budget: ReadBudget, signal: AbortSignal): Read {
    return readUnder(this.options.budgetMs[budget], signal, (job) => {
      void this.db
        .transaction()
        .execute((trx) =>
          Promise.all(
            job.statements.map((statement) =>
              trx.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters])),
            ),
          ),
        )
        .then(
          (results) => job.resolve({ rows: results.map((result) => result.rows) }),
          (error: unknown) => job.reject(error),
        );
      return (reason) => job.reject(reason);
    });
  }
  close() {
    return Promise.resolve();
  }
}

export const sqliteReadPool = (file: string, options: ReadPoolOptions): ReadPool => new SqliteReadPool(file, options);

export const postgresReadPool = (connection: pg.PoolConfig, options: ReadPoolOptions): ReadPool =>
  new PostgresReadPool(connection, options);

export const inlineReadPool = (db: Kysely<Database>, options: ReadPoolOptions): ReadPool =>
  new InlineReadPool(db, options);
