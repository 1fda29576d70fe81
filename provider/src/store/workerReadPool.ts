import { Worker } from 'node:worker_threads';
import { refuseAs } from '../errors/httpError.js';
import {
  readUnder,
  workerShapersUrl,
  type Job,
  type JobResult,
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

/**
 * A worker's source around a store's `readAll(statements, deadline)` (it may be async): the
 * shapers' modules load as the worker starts, not within the budget of the first read that
 * needs them; each job's rows are read, the last shaped when the job names a shaper, and only
 * the answer crosses back. Run with `eval`, so no file of its own is needed beside the
 * compiled code (vitest runs the sources, production the dist).
 */
export const workerSource = (store: string) => `
const { parentPort, workerData } = require('node:worker_threads');
${store}
const shapers = workerData.shapers ? import(workerData.shapers).then((module) => module.readShapers) : undefined;
shapers?.catch(() => undefined); // a failed load is told to the read that needs it
parentPort.on('message', async ({ statements: list, shaper, argument, deadline }) => {
  try {
    const rows = await readAll(list, deadline);
    if (shaper === undefined || !shapers) return parentPort.postMessage({ rows });
    const shaped = await (await shapers)[shaper](rows.pop(), argument);
    // Bytes a shaper made (a large answer's UTF-8, jsonBytes) are moved, not copied: a 60 MB
    // string copied to the request loop held it 40 ms; its bytes moved, 4 ms.
    const candidates =
      shaped instanceof Uint8Array ? [shaped] : shaped && typeof shaped === 'object' && !Array.isArray(shaped) ? Object.values(shaped) : [];
    const moved = [...new Set(candidates
      .filter((value) => value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength)
      .map((value) => value.buffer))];
    parentPort.postMessage({ rows, shaped }, moved);
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message), code: error && error.code });
  }
});
`;

/** A job on its way through a worker, with what its store needs to stop it. */
export interface Running {
  readonly job: Job;
  readonly deadline: number;
  readonly budgetMs: number;
}

export interface Slot {
  readonly worker: Worker;
  running: Running | undefined;
  /** What the worker told of itself as it started (PostgreSQL: its backend's pid). */
  started?: Readonly<Record<string, unknown>>;
}

/** How one store's reads run in a worker: its source, its data, and how it stops and fails. */
export interface WorkerStore {
  readonly source: string;
  readonly workerData: Readonly<Record<string, unknown>>;
  /** Called as a running job is stopped (its worker is retired after). */
  stopped?(slot: Slot): void;
  /** The error a worker's failure of a job answers with, from its message and code. */
  failure?(message: string, code: unknown, running: Running): Error;
}

interface WorkerMessage {
  readonly rows?: unknown[][];
  readonly shaped?: unknown;
  readonly error?: string;
  readonly code?: unknown;
  readonly started?: Record<string, unknown>;
}

/**
 * Heavy reads in worker threads, each with its own connection, so that neither the statements,
 * nor turning their rows into objects, nor shaping them holds the loop that answers everyone
 * else. A stopped read (past its budget, or its caller gone) retires its worker: a fresh one
 * takes its place. A worker past its heap (`memoryMb`) fails its read with a clear 503.
 */
class WorkerReadPool implements ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Running[] = [];
  private closed = false;

  constructor(
    private readonly store: WorkerStore,
    private readonly options: ReadPoolOptions,
  ) {
    // Started with the pool: the first heavy read (the gateway's first devices_state, say) does
    // not wait for a worker's modules and connection within its budget.
    this.spawn();
  }

  get busy() {
    return this.slots.filter((slot) => slot.running).length;
  }

  begin(budget: ReadBudget, signal: AbortSignal): Read {
    const budgetMs = this.options.budgetMs[budget];
    return readUnder(budgetMs, signal, (job, deadline) => this.enqueue({ job, deadline, budgetMs }));
  }

  private enqueue(running: Running): (reason: Error) => void {
    if (this.closed) {
      running.job.reject(new Error('The read pool is closed'));
      return () => {};
    }
    this.queue.push(running);
    this.dispatch();
    return (reason) => {
      const queued = this.queue.indexOf(running);
      if (queued >= 0) this.queue.splice(queued, 1);
      const slot = this.slots.find((candidate) => candidate.running === running);
      if (slot) {
        this.store.stopped?.(slot);
        // A statement cannot always be interrupted where it runs: the worker goes, a fresh one takes its place.
        this.retire(slot);
      }
      running.job.reject(reason);
      this.dispatch();
    };
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => !candidate.running) ?? this.spawn();
      if (!slot) return;
      const running = this.queue.shift();
      if (!running) return;
      slot.running = running;
      slot.worker.postMessage({
        statements: running.job.statements,
        shaper: running.job.shaper,
        argument: running.job.argument,
        deadline: running.deadline,
      });
    }
    // One worker kept ready while the pool may grow, for the same reason.
    if (this.slots.length > 0 && this.slots.every((slot) => slot.running)) this.spawn();
  }

  private spawn(): Slot | undefined {
    if (this.slots.length >= this.options.size) return undefined;
    const worker = new Worker(this.store.source, {
      eval: true,
      workerData: { ...this.store.workerData, shapers: workerShapersUrl() },
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    const slot: Slot = { worker, running: undefined };
    worker.on('message', (message: WorkerMessage) => {
      if (message.started) {
        slot.started = message.started;
        return;
      }
      const running = slot.running;
      slot.running = undefined;
      if (running) this.settle(running, message);
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const running = slot.running;
      this.retire(slot);
      running?.job.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? memoryExceeded(this.options.memoryMb) : error);
      this.dispatch();
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private settle(running: Running, message: WorkerMessage) {
    const { job } = running;
    if (message.error === undefined) {
      const result: JobResult = {
        rows: message.rows ?? [],
        ...('shaped' in message ? { shaped: message.shaped } : {}),
      };
      job.resolve(result);
      return;
    }
    job.reject(this.store.failure?.(message.error, message.code, running) ?? new Error(message.error));
  }

  private retire(slot: Slot) {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    slot.running = undefined;
    void slot.worker.terminate();
  }

  async close() {
    this.closed = true;
    for (const { job } of this.queue.splice(0)) job.reject(new Error('The read pool is closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }
}

export const workerReadPool = (store: WorkerStore, options: ReadPoolOptions): ReadPool =>
  new WorkerReadPool(store, options);
