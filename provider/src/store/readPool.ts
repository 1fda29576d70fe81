import { ErrorCode } from '@halo/shared';
import { CompiledQuery, type Kysely } from 'kysely';
import { builtModuleUrl } from '../builtModule.js';
import { refuse } from '../errors/httpError.js';
import type { ReadShaperName, ReadShapers } from '../readShapers.js';
import type { Database } from './schema.js';

/** The two kinds of heavy read and their time budgets: a page of an answer, or a whole export. */
export type ReadBudget = 'page' | 'export';

export interface ReadPoolOptions {
  /**
   * Worker threads, each with its own connection, that run heavy reads; more wait their turn.
   * 0 reads on the request loop as before the pool (to measure what it buys).
   */
  readonly size: number;
  readonly budgetMs: Readonly<Record<ReadBudget, number>>;
  /** A read worker's heap (either store); a read that needs more is stopped, so no request grows the provider past it. */
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
   * they were read: in a read worker only the shaper's result crosses to the request loop.
   */
  shapedSnapshot<const Queries extends readonly CompiledQuery[], Name extends ReadShaperName>(
    queries: Queries,
    shaped: CompiledQuery<ShaperRow<Name>>,
    shaper: Name,
  ): Promise<{ rows: RowsOf<Queries>; shaped: Shaped<Name> }>;
  /** One query's rows given to a shaper with its argument (the reader's language, say), where they were read. */
  shaped<Name extends ReadShaperName>(
    query: CompiledQuery<ShaperRow<Name>>,
    shaper: Name,
    argument: ShaperArgument<Name>,
  ): Promise<Shaped<Name>>;
}

/** The row a shaper takes. */
export type ShaperRow<Name extends ReadShaperName> = Parameters<ReadShapers[Name]>[0][number];
/** What a shaper takes beside the rows (undefined for most). */
export type ShaperArgument<Name extends ReadShaperName> = Parameters<ReadShapers[Name]>[1];
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
 * Where heavy reads run, so the loop that answers everyone else is not held: in worker threads
 * with connections of their own (workerReadPool.ts), SQLite's beside the one writer (WAL;
 * sqliteReadPool.ts), PostgreSQL's cancelled on the server at the budget (postgresReadPool.ts).
 * Both run their jobs under the budget through readUnder.
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

/** What a read rejects with when its caller went away; nobody is left to answer. */
export class ReadAborted extends Error {
  constructor() {
    super('The caller went away; the read was stopped');
    this.name = 'ReadAborted';
  }
}

/** What a job answers: each statement's rows; with a shaper, the last statement's rows shaped instead. */
export interface JobResult {
  readonly rows: unknown[][];
  readonly shaped?: unknown;
}

export interface Job {
  readonly statements: readonly Statement[];
  /** Given the last statement's rows (and `argument`, structured-cloned to a worker). */
  readonly shaper?: ReadShaperName;
  readonly argument?: unknown;
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
export const workerShapersUrl = (): string | null => builtModuleUrl(SHAPERS_URL);

let localShapers: Promise<ReadShapers> | undefined;

/** A job's result shaped on this thread, when it came back with rows only. */
async function shapedHere(
  result: JobResult,
  shaper: ReadShaperName | undefined,
  argument: unknown,
): Promise<JobResult> {
  if (shaper === undefined || 'shaped' in result) return result;
  localShapers ??= import(SHAPERS_URL.href).then((module: { readShapers: ReadShapers }) => module.readShapers);
  const shapers = await localShapers;
  const rows = result.rows.slice(0, -1);
  const last = (result.rows.at(-1) ?? []) as never[];
  const shape = shapers[shaper] as (rows: never[], argument: unknown) => unknown;
  return { rows, shaped: await shape(last, argument) };
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
  argument: unknown,
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
      ...(shaper === undefined ? {} : { shaper, argument }),
      resolve: (result) => {
        if (settled) return;
        finish();
        // Shaped here only when the rows came back unshaped (no worker, or no build for it).
        shapedHere(result, shaper, argument).then(resolve, reject);
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
export function readUnder(
  budgetMs: number,
  signal: AbortSignal,
  start: (job: Job, deadline: number) => (reason: Error) => void,
): Read {
  const deadline = Date.now() + budgetMs;
  const run = (queries: readonly CompiledQuery[], shaper?: ReadShaperName, argument?: unknown) =>
    underBudget(deadline, budgetMs, signal, (job) => start(job, deadline), queries, shaper, argument);
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
    shaped: async <Name extends ReadShaperName>(
      query: CompiledQuery<ShaperRow<Name>>,
      shaper: Name,
      argument: ShaperArgument<Name>,
    ): Promise<Shaped<Name>> => {
      const result = await run([query], shaper, argument);
      return result.shaped as Shaped<Name>;
    },
  };
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

export const inlineReadPool = (db: Kysely<Database>, options: ReadPoolOptions): ReadPool =>
  new InlineReadPool(db, options);
