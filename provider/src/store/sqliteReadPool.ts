import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { refuseAs } from '../errors/httpError.js';
import {
  readUnder,
  workerShapersUrl,
  type Job,
  type Read,
  type ReadBudget,
  type ReadPool,
  type ReadPoolOptions,
} from './readPool.js';

const memoryExceeded = (memoryMb: number) =>
  refuseAs(
    'serviceUnavailable',
    `The query needed more than its ${memoryMb} MB and was stopped; narrow the filter or the dates.`,
  );

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
// The shapers' modules load as the worker starts, not within the budget of the first read that needs them.
const shapers = workerData.shapers ? import(workerData.shapers).then((module) => module.readShapers) : undefined;
shapers?.catch(() => undefined); // a failed load is told to the read that needs it
parentPort.on('message', async ({ statements: list, shaper }) => {
  try {
    const rows = readAll(list);
    if (shaper === undefined || !shapers) return parentPort.postMessage({ rows });
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

export const sqliteReadPool = (file: string, options: ReadPoolOptions): ReadPool => new SqliteReadPool(file, options);
