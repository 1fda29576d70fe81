import { parentPort, workerData } from 'node:worker_threads';
import { openWriter } from '../store/database.js';
import { createFleetSimulator } from './fleetSimulator.js';
import { createSimulatorControl } from './simulatorControl.js';
import type { SimulatorReply, SimulatorRequest, SimulatorWorkerData } from './simulatorThread.js';

/**
 * The fleet simulator's worker thread (simulatorThread.ts starts it): the simulator on a
 * connection of its own, answering the provider's thread. Requests run one after another (a stop
 * waits for the fleet's load, a tick in flight), except setLink, which only queues a change for
 * the next tick and answers at once.
 */

const port = parentPort;
if (!port) throw new Error('simulatorWorker.ts runs in a worker thread (simulatorThread.ts)');
const data = workerData as SimulatorWorkerData;

const db = openWriter(data.location, { busyTimeoutMs: data.busyTimeoutMs, connections: 2 });
/** The clock a request pinned (tests), else the time. */
let pinned: number | undefined;
const control = createSimulatorControl();
const simulator = createFleetSimulator(
  { db, now: () => pinned ?? Date.now(), simulator: control, config: { dataDir: data.dataDir } },
  data.options,
);

const reply = (message: SimulatorReply) => port.postMessage(message);

async function answer(request: SimulatorRequest): Promise<unknown> {
  switch (request.kind) {
    case 'ensureFleet': {
      pinned = request.now ?? pinned;
      const { created, environmentId } = await simulator.ensureFleet();
      return { created, environmentId, devices: simulator.devices.length };
    }
    case 'tick':
      pinned = request.now ?? pinned;
      return simulator.tick();
    case 'start':
      simulator.start(request.tickMs, (report) => reply({ kind: 'ticked', report }));
      return null;
    case 'setLink':
      return control.setLink(request.deviceId, request.key, request.up, request.now);
    case 'stop':
      await simulator.stop();
      await db.destroy();
      return null;
  }
}

let queue: Promise<unknown> = Promise.resolve();
port.on('message', (request: SimulatorRequest) => {
  const run = () =>
    answer(request).then(
      (value) => reply({ kind: 'answer', id: request.id, value }),
      (error: unknown) =>
        reply({ kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
    );
  if (request.kind === 'setLink') void run();
  else queue = queue.then(run);
});
