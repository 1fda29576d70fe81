import { Worker } from 'node:worker_threads';
import { builtModuleUrl } from '../builtModule.js';
import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import type { StoreLocation } from '../store/database.js';
import { releaseAbandoned } from '../store/writeGate.js';
import type { FleetSimulatorOptions, TickReport } from './fleetSimulator.js';
import type { SimulatorDriver } from './simulatorControl.js';

/**
 * The provider's fleet simulator in a worker thread of its own, with its own connection to the
 * store (issue 37): neither its JavaScript (changing a 100,000-device fleet each second) nor its
 * writes hold the loop that answers every tenant. SQLite: its own connection on the same file
 * (WAL), the two writers taking turns at the store's write gate, the provider first
 * (store/writeGate.ts); PostgreSQL: a pool of two connections of its own.
 *
 * On this thread stays a thin handle: the API's controls (context.simulator) become messages to
 * the worker, and each tick's report comes back (onTick). Nothing else in the provider listens to
 * the simulator's writes: the gateway and the web learn of them from the store (revisions,
 * devices_state), as of any other write.
 */

/** The worker's module (simulatorWorker.ts), from the build (builtModule.ts). */
const WORKER_MODULE = new URL(
  import.meta.url.endsWith('.ts') ? './simulatorWorker.ts' : './simulatorWorker.js',
  import.meta.url,
);

/**
 * How long the simulator's SQLite connection waits for another process's lock (a backup); the
 * provider's own transactions it waits for at the write gate (store/writeGate.ts), however long.
 */
export const SIMULATOR_BUSY_TIMEOUT_MS = 60_000;

/** What the worker is started with (structured-cloned). */
export interface SimulatorWorkerData {
  readonly location: StoreLocation;
  readonly busyTimeoutMs: number;
  readonly dataDir: string;
  readonly options: FleetSimulatorOptions;
}

/** What this thread asks of the worker; each is answered by its id. */
export type SimulatorRequest =
  | { readonly kind: 'ensureFleet'; readonly id: number; readonly now: number | undefined }
  | { readonly kind: 'tick'; readonly id: number; readonly now: number | undefined }
  | { readonly kind: 'start'; readonly id: number; readonly tickMs: number }
  | {
      readonly kind: 'setLink';
      readonly id: number;
      readonly deviceId: number;
      readonly key: string;
      readonly up: boolean;
      readonly now: number;
    }
  | { readonly kind: 'stop'; readonly id: number };

/** What the worker tells: an answer to a request, or a tick it ran on its own timer. */
export type SimulatorReply =
  | { readonly kind: 'answer'; readonly id: number; readonly value: unknown }
  | { readonly kind: 'failed'; readonly id: number; readonly message: string }
  | { readonly kind: 'ticked'; readonly report: TickReport };

export interface FleetReady {
  readonly created: number;
  readonly environmentId: number;
  /** Devices the simulator drives. */
  readonly devices: number;
}

export interface SimulatorThread {
  /**
   * Creates (or tops up) and loads the fleet in the worker, then lets the API drive it
   * (context.simulator). `now` pins the worker's clock (tests); it runs on Date.now otherwise.
   */
  ensureFleet(now?: number): Promise<FleetReady>;
  /** One tick now, in the worker; `now` as for ensureFleet. */
  tick(now?: number): Promise<TickReport>;
  /** Ticks every `tickMs` in the worker, on its own timer, until stopped. */
  start(tickMs: number): void;
  /** Stops ticking, writes the usage accrued since the last write, closes the worker's connection and ends it. */
  stop(): Promise<void>;
  /** Called with each tick's report, on this thread. */
  onTick(listener: (report: TickReport) => void): void;
  /** The worker's thread id (tests: it is not this one). */
  readonly threadId: number;
}

/** Starts the simulator's worker on the provider's store; its fleet is loaded by ensureFleet. */
export function startSimulatorThread(
  context: Pick<ProviderContext, 'simulator' | 'config'>,
  location: StoreLocation,
  options: FleetSimulatorOptions,
): SimulatorThread {
  const url = builtModuleUrl(WORKER_MODULE);
  if (!url) throw new Error('The simulator thread runs the build: run `npx tsc -b` first');
  const workerData: SimulatorWorkerData = {
    location,
    busyTimeoutMs: SIMULATOR_BUSY_TIMEOUT_MS,
    dataDir: context.config.dataDir,
    options,
  };
  const worker = new Worker(new URL(url), { workerData });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners: ((report: TickReport) => void)[] = [];
  let nextId = 1;
  let gone: Error | undefined;
  let stopped = false;

  const ask = (request: DistributiveOmit<SimulatorRequest, 'id'>): Promise<unknown> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const end = (error: Error) => {
    gone ??= error;
    context.simulator.detach(driver);
    for (const waiting of pending.values()) waiting.reject(gone);
    pending.clear();
  };

  worker.on('message', (reply: SimulatorReply) => {
    if (reply.kind === 'ticked') {
      for (const listener of listeners) listener(reply.report);
      return;
    }
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.kind === 'answer') waiting?.resolve(reply.value);
    else waiting?.reject(new Error(reply.message));
  });
  worker.on('error', (error) => {
    log.error({ err: error }, 'simulator: its thread failed');
    end(error);
  });
  worker.on('exit', (code) => {
    // Ended within a statement or a transaction (terminated, or failed): the provider's writes go on.
    if (location.dialect === 'sqlite') releaseAbandoned(location.gate);
    end(new Error(`The simulator's thread ended (${code})`));
  });

  /** The API's controls, across the thread: a device the worker cannot answer for is not the simulator's. */
  const driver: SimulatorDriver = {
    setLink: (deviceId, key, up, now) =>
      ask({ kind: 'setLink', deviceId, key, up, now }).then(
        (value) => (typeof value === 'number' ? value : null),
        () => null,
      ),
  };

  return {
    threadId: worker.threadId,
    async ensureFleet(now) {
      const ready = (await ask({ kind: 'ensureFleet', now })) as FleetReady;
      if (!stopped) context.simulator.attach(driver);
      return ready;
    },
    async tick(now) {
      return (await ask({ kind: 'tick', now })) as TickReport;
    },
    start(tickMs) {
      ask({ kind: 'start', tickMs }).catch((error: unknown) => log.error({ err: error }, 'simulator: start failed'));
    },
    async stop() {
      stopped = true;
      context.simulator.detach(driver);
      if (gone) return;
      try {
        await ask({ kind: 'stop' });
      } catch (error) {
        log.error({ err: error }, 'simulator: stopping its thread failed');
      }
      await worker.terminate();
    },
    onTick(listener) {
      listeners.push(listener);
    },
  };
}

/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
