import { createRequire } from 'node:module';
import type { ReadPool, ReadPoolOptions } from './readPool.js';
import { workerReadPool, workerSource } from './workerReadPool.js';

/*
 * A SQLite read worker's connection: it only reads (query_only), and it refuses any statement
 * that would write. WAL lets it read beside the one writer. Its statements are synchronous, so
 * a read stopped past its budget retires the worker (workerReadPool.ts).
 */
const SQLITE_READS = `
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
`;

export const sqliteReadPool = (file: string, options: ReadPoolOptions): ReadPool =>
  workerReadPool(
    {
      source: workerSource(SQLITE_READS),
      workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    },
    options,
  );
