import { FleetStore, type FromFleetStore, type ToFleetStore } from './fleetStore';

/**
 * The page's end of a fleet store: posts messages to it and gets its answers. The store runs in
 * a Web Worker (fleet.worker.ts), so decoding, checking and applying a large fleet's snapshot
 * and deltas never holds up the page; where there are no workers (unit tests) it runs here.
 */
export interface FleetPort {
  post(message: ToFleetStore, transfer?: Transferable[]): void;
  onMessage(handler: (message: FromFleetStore) => void): void;
  close(): void;
}

/** The first message a fleet worker gets: whose devices it keeps. */
export interface FleetWorkerInit {
  readonly type: 'init';
  readonly environmentId: number;
}

const startWorker = () => new Worker(new URL('./fleet.worker.ts', import.meta.url), { type: 'module', name: 'fleet' });

/** A worker started ahead, so opening a screen of the live fleet does not wait for one to load. */
let spare: Worker | null = null;

/** Starts a fleet worker to keep in reserve (after sign-in, when the page is idle). */
export function prepareFleetWorker(): void {
  if (spare || typeof Worker === 'undefined') return;
  spare = startWorker();
}

export function workerFleetPort(environmentId: number): FleetPort {
  const worker = spare ?? startWorker();
  spare = null;
  const init: FleetWorkerInit = { type: 'init', environmentId };
  worker.postMessage(init);
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    onMessage: (handler) => {
      worker.onmessage = (event: MessageEvent<FromFleetStore>) => handler(event.data);
    },
    close: () => worker.terminate(),
  };
}

/** The store on this thread, answering at once (tests; browsers without workers). */
export function localFleetPort(environmentId: number): FleetPort {
  let handler: (message: FromFleetStore) => void = () => undefined;
  const store = new FleetStore(environmentId, (message) => handler(message));
  return {
    post: (message) => store.handle(message),
    onMessage: (next) => {
      handler = next;
    },
    close: () => undefined,
  };
}

export const defaultFleetPort = (environmentId: number): FleetPort =>
  typeof Worker === 'undefined' ? localFleetPort(environmentId) : workerFleetPort(environmentId);
