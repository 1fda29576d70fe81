/**
 * Who may use SQLite's one write lock next, between the provider's connection and the
 * simulator's, in another thread (simulator/simulatorThread.ts). SQLite itself only makes a
 * writer that finds the lock taken sleep and retry (busy_timeout), on its own thread: on the
 * provider's, that held every request until the simulator's transactions let it in, and those
 * follow each other closely enough to keep it waiting a whole tick (a job's lease write waited
 * 600 ms). Through the gate the provider waits for its turn without holding its loop (a
 * promise), and goes first: the simulator's thread, which may block, lets it pass whenever it
 * waits. Each connection holds the gate while it holds its connection (a statement, or a
 * transaction from BEGIN to COMMIT), so SQLite's lock is always free for whoever holds the gate.
 */

const HOLDER = 0;
const PROVIDER_WAITING = 1;

const FREE = 0;
const PROVIDER = 1;
const OTHER = 2;

/** A waiting thread looks again at least this often (a missed wake-up costs no more). */
const RECHECK_MS = 50;

/** Atomics.waitAsync (Node 16 on; TypeScript has it in its ES2024 library, past this project's). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      this: void,
      array: Int32Array,
      index: number,
      value: number,
      timeoutMs: number,
    ): { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
  }
).waitAsync;

/** The gate's state, shared by the threads (a worker gets it in its workerData). */
export const createWriteGate = (): SharedArrayBuffer => new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);

export interface WriteGate {
  acquire(): Promise<void> | void;
  release(): void;
}

/** The provider's side, which waits as a promise. */
export interface ProviderGate extends WriteGate {
  acquire(): Promise<void>;
}

/** Another thread's side, which blocks its thread. */
export interface ThreadGate extends WriteGate {
  acquire(): void;
}

/** The provider's side: waits as a promise, and goes before the other thread. */
export function providerGate(buffer: SharedArrayBuffer): ProviderGate {
  const state = new Int32Array(buffer);
  const take = () => Atomics.compareExchange(state, HOLDER, FREE, PROVIDER) === FREE;
  return {
    async acquire() {
      if (take()) return;
      Atomics.add(state, PROVIDER_WAITING, 1);
      try {
        while (!take()) {
          const holder = Atomics.load(state, HOLDER);
          if (holder === FREE) continue;
          const waited = waitAsync(state, HOLDER, holder, RECHECK_MS);
          if (waited.async) await waited.value;
        }
      } finally {
        Atomics.sub(state, PROVIDER_WAITING, 1);
        Atomics.notify(state, PROVIDER_WAITING);
      }
    },
    release: () => release(state),
  };
}

/** The other thread's side: blocks its own thread while the provider holds the gate or waits for it. */
export function threadGate(buffer: SharedArrayBuffer): ThreadGate {
  const state = new Int32Array(buffer);
  return {
    acquire() {
      for (;;) {
        const waiting = Atomics.load(state, PROVIDER_WAITING);
        if (waiting > 0) {
          Atomics.wait(state, PROVIDER_WAITING, waiting, RECHECK_MS);
          continue;
        }
        const holder = Atomics.compareExchange(state, HOLDER, FREE, OTHER);
        if (holder === FREE) return;
        Atomics.wait(state, HOLDER, holder, RECHECK_MS);
      }
    },
    release: () => release(state),
  };
}

function release(state: Int32Array) {
  Atomics.store(state, HOLDER, FREE);
  Atomics.notify(state, HOLDER);
}

/** Frees the gate a thread held when it ended (terminated within a transaction, say). */
export function releaseAbandoned(buffer: SharedArrayBuffer): void {
  const state = new Int32Array(buffer);
  if (Atomics.compareExchange(state, HOLDER, OTHER, FREE) === OTHER) Atomics.notify(state, HOLDER);
}
