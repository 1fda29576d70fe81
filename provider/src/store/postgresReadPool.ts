import { createRequire } from 'node:module';
import pg from 'pg';
import { budgetExceeded, type ReadPool, type ReadPoolOptions } from './readPool.js';
import { workerReadPool, workerSource, type Slot } from './workerReadPool.js';

/** PostgreSQL's "canceling statement due to statement timeout" or a pg_cancel_backend. */
const QUERY_CANCELED = '57014';

/*
 * A PostgreSQL read worker's connection: read-only by default, each job under a statement
 * timeout at its deadline (the server stops it there itself), several statements in one
 * repeatable-read transaction so they agree. The rows are parsed and shaped on the worker's
 * thread: only the answer crosses to the request loop. The worker tells its backend's pid as
 * it connects, so a stopped read can be cancelled on the server.
 */
const POSTGRES_READS = `
const pg = require(workerData.driver);
// As the request loop's connections (store/database.ts): int8 columns hold epoch milliseconds.
pg.types.setTypeParser(20, (value) => Number(value));
// The connection in use: made as the worker starts, and again for the next read after it broke
// or could not be made (the database restarting, say), so no worker is left with a dead one.
let session;
const sessionOf = () => {
  if (session) return session;
  const client = new pg.Client(workerData.connection);
  const ready = client.connect()
    .then(() => client.query("select pg_backend_pid() as pid, set_config('default_transaction_read_only', 'on', false)"))
    .then((result) => {
      parentPort.postMessage({ started: { pid: result.rows[0].pid } });
      return client;
    });
  const forget = () => {
    if (session === ready) session = undefined;
  };
  client.on('error', () => {
    forget();
    client.end().catch(() => undefined);
  });
  ready.catch(forget); // told to the read that waits for it
  session = ready;
  return ready;
};
sessionOf().catch(() => undefined);
const readAll = async (list, deadline) => {
  const client = await sessionOf();
  const query = async (statement) => (await client.query({ text: statement.sql, values: statement.parameters })).rows;
  await client.query("select set_config('statement_timeout', $1, false)", [String(Math.max(1, Math.ceil(deadline - Date.now())))]);
  if (list.length === 1) return [await query(list[0])];
  await client.query('begin isolation level repeatable read read only');
  try {
    const rows = [];
    for (const statement of list) rows.push(await query(statement));
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
};
`;

/** Asks the server to stop a statement from a connection of its own (the worker's is busy with it). */
async function cancel(connection: pg.ClientConfig, pid: number) {
  const client = new pg.Client(connection);
  try {
    await client.connect();
    await client.query('select pg_cancel_backend($1)', [pid]);
  } catch {
    // The statement may have finished meanwhile; nothing is left to stop.
  } finally {
    await client.end().catch(() => {});
  }
}

export const postgresReadPool = (connection: pg.ClientConfig, options: ReadPoolOptions): ReadPool =>
  workerReadPool(
    {
      source: workerSource(POSTGRES_READS),
      workerData: { connection, driver: createRequire(import.meta.url).resolve('pg') },
      stopped: (slot: Slot) => {
        const pid = slot.started?.pid;
        if (typeof pid === 'number') void cancel(connection, pid);
      },
      // The server's statement_timeout can stop the statement just before the caller's timer
      // does (both run to the same deadline): that is the budget too, and answers as such.
      failure: (message, code, running) =>
        code === QUERY_CANCELED ? budgetExceeded(running.budgetMs) : new Error(message),
    },
    options,
  );
