import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { addConnectedSeconds } from '../store/connectivityUsage.js';
import { historySize } from '../store/deviceHistory.js';
import { changeSomeDevices } from './deviceChanges.js';
import { createDeviceRecorder } from './deviceRecorder.js';
import type { SimulatedDevice } from './fleetPlan.js';
import { createLinkOverrides } from './linkOverrides.js';
import { createPositionHistory } from './positionHistory.js';
import { createRandom } from './random.js';
import { createReadingRotation } from './readingRotation.js';
import { maybeRecord } from './rfRecordings.js';
import { tickSatcomMessages } from './satcomMessages.js';
import {
  createMissingDevices,
  loadSimulatedDevices,
  remainingDeviceIds,
  rootEnvironmentId,
} from './simulatedFleetRows.js';
import { FLEET_PACE_RATES, type FleetPace } from './fleetPace.js';
import { thresholdLogs } from './thresholdReadings.js';
import { createThresholdWatch } from './thresholdWatch.js';
import type { SimulatorControl, SimulatorDriver } from './simulatorControl.js';
import { writeAlarms, writeHistory, writeRecords, writeSamples, writeStatuses } from './tickWrites.js';
import { createUsageMeter } from './usageMeter.js';

export interface FleetSimulatorOptions {
  /** Fleet size; devices beyond it (from an earlier, larger run) are left alone. */
  readonly devices: number;
  readonly seed: number;
  /** Share of the fleet that changes per tick (at least one device). */
  readonly changeFraction: number;
  /** How the sampled devices change: a believable fleet (`steady`) or changes of every kind, often (`churning`). */
  readonly pace: FleetPace;
  /** Chance per tick that an RF recording appears. Defaults to one every ~20 ticks for 200 devices, at most one every 5 ticks. */
  readonly rfRecordingChance?: number;
  /** Chance per tick that a device with a satellite modem sends a message. Defaults to one message every ten minutes per modem. */
  readonly satcomMessageChance?: number;
  /** Each device's usage counter is written every this many ticks (default 60). */
  readonly usageFlushTicks?: number;
}

export interface TickReport {
  readonly tick: number;
  /** Ids of the devices this tick wrote, each with a new revision. */
  readonly changed: readonly number[];
  readonly logs: number;
  /** Threshold readings that opened, changed or cleared an alarm (store/alarms.ts). */
  readonly alarmReadings: number;
  readonly rfRecordings: number;
  readonly satcomMessages: number;
  /** Connected seconds this tick wrote to the usage counters. */
  readonly connectedSeconds: number;
  /** Position samples this tick added to HeatSight's history. */
  readonly positionSamples: number;
  /** Rows this tick added to the devices' history: connection and link changes, readings. */
  readonly historyRows: number;
}

export interface FleetSimulator {
  /** Creates the demo fleet in the root environment on first start (or tops it up) and loads it. */
  ensureFleet(): Promise<{ created: number; environmentId: number }>;
  tick(): Promise<TickReport>;
  /**
   * Ticks every `tickMs` (at least one second) until stopped; a slow tick delays the next, never
   * overlaps it. Each tick's report goes to `onTick`.
   */
  start(tickMs: number, onTick?: (report: TickReport) => void): void;
  stop(): Promise<void>;
  readonly devices: readonly SimulatedDevice[];
}

const MIN_TICK_MS = 1000;
const DEFAULT_SATCOM_MESSAGE_CHANCE = 1 / 600;
const DEFAULT_USAGE_FLUSH_TICKS = 60;
const USAGE_MAX_GAP_MS = 60_000;
/**
 * Threshold readings per tick: a larger fleet has its changed devices and a rotating share of
 * the rest read each tick, every device at least every ceil(fleet / this) ticks (10 s at
 * 100,000 devices, where reading all of them took a quarter of the provider's time).
 */
const THRESHOLD_READINGS_PER_TICK = 10_000;

const idleReport = (tick: number): TickReport => ({
  tick,
  changed: [],
  logs: 0,
  alarmReadings: 0,
  rfRecordings: 0,
  satcomMessages: 0,
  connectedSeconds: 0,
  positionSamples: 0,
  historyRows: 0,
});

/** The generator of a tick's changes and recordings, from the seed and the tick. */
const tickRandom = (seed: number, tickNumber: number) =>
  createRandom((Math.imul(seed + 1, 0x9e3779b1) ^ Math.imul(tickNumber, 0x85ebca77)) >>> 0);

/**
 * What the simulator uses of the provider: its store, its clock, the API's controls and the data
 * dir; in the provider, a thread's own of each (simulatorThread.ts).
 */
export interface SimulatorContext {
  readonly db: ProviderContext['db'];
  readonly now: () => number;
  readonly simulator: Pick<SimulatorControl, 'attach' | 'detach'>;
  readonly config: { readonly dataDir: string };
}

/**
 * The fleet simulator: a demo fleet in the root environment whose devices connect and
 * disconnect, flap links, change main application status, move and raise system log events,
 * with an RF recording now and then; devices with a satellite modem send satellite messages,
 * and connected time goes to the usage counters. Everything comes from HALO_SIM_SEED, so a seed always
 * gives the same fleet and the same ticks; all writes go through the context's store. The provider
 * runs it in a thread of its own with its own connection (simulatorThread.ts); tests drive it
 * here too, on a test provider's context and clock.
 */
export function createFleetSimulator(context: SimulatorContext, options: FleetSimulatorOptions): FleetSimulator {
  const { seed } = options;
  let devices: SimulatedDevice[] = [];
  /** The devices that carry a satellite modem. */
  let modems: SimulatedDevice[] = [];
  let environmentId = 0;
  let tickCount = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const rfChance = options.rfRecordingChance ?? Math.min(0.2, 0.05 * Math.max(1, options.devices / 200));
  const satcomChance = options.satcomMessageChance ?? DEFAULT_SATCOM_MESSAGE_CHANCE;
  const usage = createUsageMeter(() => environmentId, {
    flushTicks: Math.max(1, Math.floor(options.usageFlushTicks ?? DEFAULT_USAGE_FLUSH_TICKS)),
    maxGapMs: USAGE_MAX_GAP_MS,
  });
  const thresholdWatch = createThresholdWatch();
  const history = createPositionHistory();
  const devicesToRead = createReadingRotation(THRESHOLD_READINGS_PER_TICK);
  const recorder = createDeviceRecorder();
  const overrides = createLinkOverrides();
  let byId = new Map<number, SimulatedDevice>();
  const deviceOf = (deviceId: number) => byId.get(deviceId);
  /** What the API may ask of this simulator (simulatorControl.ts), once its fleet is loaded. */
  const driver: SimulatorDriver = {
    setLink(deviceId, key, up, now) {
      const device = byId.get(deviceId);
      return device ? overrides.request(device, key, up, now) : null;
    },
  };

  async function ensureFleet() {
    environmentId = await rootEnvironmentId(context.db);
    const now = context.now();
    const created = await createMissingDevices(context.db, environmentId, options, now);
    devices = await loadSimulatedDevices(context.db, environmentId, options, now);
    modems = devices.filter((device) => device.plan.satcom !== null);
    byId = new Map(devices.map((device) => [device.id, device]));
    usage.start(devices, now);
    await recorder.load(context.db, devices);
    context.simulator.attach(driver);
    return { created, environmentId };
  }

  /** Devices deleted through the API leave the simulation. */
  async function forgetDeletedDevices() {
    const remaining = await remainingDeviceIds(context.db, environmentId, devices.length);
    if (!remaining) return;
    for (const device of devices)
      if (!remaining.has(device.id)) {
        thresholdWatch.forget(device.id);
        history.forget(device.id);
        recorder.forget(device.id);
        overrides.forget(device.id);
        byId.delete(device.id);
      }
    devices = devices.filter((device) => remaining.has(device.id));
    modems = modems.filter((device) => remaining.has(device.id));
    usage.setFleet(devices);
  }

  async function tick(): Promise<TickReport> {
    tickCount += 1;
    const tickNumber = tickCount;
    const now = context.now();
    if (devices.length === 0) return idleReport(tickNumber);
    await forgetDeletedDevices();
    if (devices.length === 0) return idleReport(tickNumber);
    const usageRows = usage.tick(tickNumber, now);
    const random = tickRandom(seed, tickNumber);
    // The time up to now is billed as each device was, before this tick changes it.
    const settle = (device: SimulatedDevice) => usage.settle(device, now);
    // What the API told the simulator first; those devices are then left alone while held.
    const told = overrides.applyWaiting(deviceOf, now, settle);
    const randomly = changeSomeDevices(
      devices,
      random,
      options.changeFraction,
      now,
      settle,
      FLEET_PACE_RATES[options.pace],
      (device) => overrides.isHeld(device.id, now),
    );
    const changed = [...told.changed, ...randomly.changed];
    const logs = [...told.logs, ...randomly.logs];
    logs.push(
      ...(await thresholdLogs(context.db, environmentId, thresholdWatch, devicesToRead(devices, changed), now)),
    );
    const recording = await maybeRecord(random, devices, rfChance, context.config.dataDir, now);
    const satcom = tickSatcomMessages(seed, tickNumber, modems, satcomChance, now);
    const samples = history.due(environmentId, devices, changed, now);
    const recorded = recorder.record(changed, samples, deviceOf, now);
    await writeStatuses(context.db, changed, now);
    await writeSamples(context.db, samples);
    await writeHistory(context.db, recorded);
    await writeRecords(context.db, environmentId, now, { logs, satcom, usage: usageRows, recording });
    const alarmReadings = await writeAlarms(context.db, environmentId, logs, now);
    return {
      tick: tickNumber,
      changed: changed.map((device) => device.id),
      logs: logs.length,
      alarmReadings,
      rfRecordings: recording ? 1 : 0,
      satcomMessages: satcom.length,
      connectedSeconds: usageRows.reduce((total, row) => total + row.seconds, 0),
      positionSamples: samples.length,
      historyRows: historySize(recorded),
    };
  }

  function schedule(delay: number, tickMs: number, onTick?: (report: TickReport) => void) {
    if (stopped) return;
    timer = setTimeout(() => {
      const started = Date.now();
      running = tick()
        .then(onTick)
        .catch((error: unknown) => {
          log.error({ err: error }, 'simulator tick failed');
        })
        .finally(() => schedule(Math.max(0, tickMs - (Date.now() - started)), tickMs, onTick));
    }, delay);
  }

  return {
    ensureFleet,
    tick,
    start(tickMs, onTick) {
      stopped = false;
      schedule(Math.max(MIN_TICK_MS, tickMs), Math.max(MIN_TICK_MS, tickMs), onTick);
    },
    async stop() {
      stopped = true;
      context.simulator.detach(driver);
      clearTimeout(timer);
      await running;
      // Usage accrued since each device's last write would otherwise be lost.
      const pending = usage.drainAll();
      if (pending.length === 0) return;
      await addConnectedSeconds(context.db, pending).catch((error: unknown) => {
        log.error({ err: error }, 'simulator: writing usage on stop failed');
      });
    },
    get devices() {
      return devices;
    },
  };
}
