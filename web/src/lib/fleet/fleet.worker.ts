import type { FleetWorkerInit } from './fleetPort';
import { FleetStore, type FromFleetStore, type ToFleetStore } from './fleetStore';

/**
 * The fleet worker: one environment's live devices off the page's main thread (fleetStore.ts).
 * The page starts it with an init message, then hands it the socket's snapshots and deltas.
 */
/** The worker's global scope, as much of it as this needs (the page's DOM types are in scope here). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToFleetStore | FleetWorkerInit>) => void) | null;
  postMessage(message: FromFleetStore, transfer?: Transferable[]): void;
};
let store: FleetStore | null = null;

scope.onmessage = (event: MessageEvent<ToFleetStore | FleetWorkerInit>) => {
  const message = event.data;
  if (message.type === 'init') {
    store = new FleetStore(message.environmentId, (answer: FromFleetStore, transfer?: Transferable[]) =>
      scope.postMessage(answer, transfer ?? []),
    );
    return;
  }
  store?.handle(message);
};
