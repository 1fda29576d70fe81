import pg from 'pg';
import {
  budgetExceeded,
  readUnder,
  type Job,
  type Read,
  type ReadBudget,
  type ReadPool,
  type ReadPoolOptions,
} from './readPool.js';

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
    const budgetMs = this.options.budgetMs[budget];
    return readUnder(budgetMs, signal, (job, deadline) => this.run(job, deadline, budgetMs));
  }

  private run(job: Job, deadline: number, budgetMs: number): (reason: Error) => void {
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
        const cancelled = (error as { code?: string }).code === QUERY_CANCELED;
        // The server's statement_timeout can stop the statement just before the caller's timer
        // does (both run to the same deadline): that is the budget too, and answers as such.
        job.reject(state.stopped ?? (cancelled ? budgetExceeded(budgetMs) : error));
        // A cancelled connection may still be busy with the statement: let it go rather than reuse it.
        client?.release(state.stopped !== undefined || cancelled);
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

export const postgresReadPool = (connection: pg.PoolConfig, options: ReadPoolOptions): ReadPool =>
  new PostgresReadPool(connection, options);
