import { createRequire } from 'node:module';
import type { ReadPool, ReadPoolOptions } from './readPool.js';
import { workerReadPool, workerSource } from './workerReadPool.js';

/*
 * A SQLite read worker's connection: it only reads (query_only), and it refuses any statement
 * that would write. WAL lets it read beside the one writer. Its statements are synchronous, so
 * a read stopped past its budget retires the worker (workerReadPool.ts).
 *
 * The workers also checkpoint the WAL into the database file (PASSIVE: never waiting for a
 * reader or the writer), every CHECKPOINT_EVERY_MS: the writer's connection does not
 * (database.ts turns its auto-checkpoint off), for there the checkpoint ran in the commit that
 * filled the WAL, on the thread that answers everyone (a 100,000-device import's commit held
 * it 130 ms, 45 without).
 */
export const CHECKPOINT_EVERY_MS = 2000;

const SQLITE_READS = `
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = ON');
setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next one checkpoints.
  }
}, workerData.checkpointEveryMs).unref();
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
`;

export const sqliteReadPool = (file: string, options: ReadPoolOptions): ReadPool =>
  workerReadPool(
    {
      source: workerSource(SQLITE_READS),
      workerData: {
        file,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        checkpointEveryMs: CHECKPOINT_EVERY_MS,
      },
    },
    options,
  );
