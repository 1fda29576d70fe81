import { LINK_INTERFACE_KINDS, linkKey } from '@halo/shared';
import type { Kysely } from 'kysely';
import {
  connectionStateOf,
  emptyHistory,
  lastConnectionChanges,
  nextConnectionChange,
  type ConnectionState,
  type HistoryRows,
} from '../store/deviceHistory.js';
import type { ConnectionChangeRow, Database, NewLinkChange, NewPositionSample, NewReading } from '../store/schema.js';
import type { SimulatedDevice } from './fleetPlan.js';

const stateOf = (device: SimulatedDevice): ConnectionState => connectionStateOf(device.availability);

/** A device's links up (1) or down (0), one character each, in the order of linkKeysOf. */
const linkStatesOf = (device: SimulatedDevice) =>
  LINK_INTERFACE_KINDS.map((kind) => device.links[kind].map((link) => (link.is_online ? '1' : '0')).join('')).join('');

/** Each link's key, in the order of linkStatesOf. */
const linkKeysOf = (device: SimulatedDevice) =>
  LINK_INTERFACE_KINDS.flatMap((kind) => device.links[kind].map((_link, index) => linkKey(kind, index)));

const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * What the simulator records of its devices for their timelines and the availability report
 * (store/deviceHistory.ts): a device's connection when it changes, each link's up/down when it
 * changes while the device is connected (a device that is not connected has every link down: the
 * timeline reads them so, and a fleet's connects and drops do not write a row per link), and
 * its signal and temperature with each of HeatSight's position samples of it while it is
 * connected (a device that is not connected reports nothing): at most every
 * HEATSIGHT_SAMPLE_INTERVAL_MS and on its link changes, chosen without a scan of the fleet
 * (positionHistory.ts). A device whose history is new starts with its state as it is then.
 */
export function createDeviceRecorder() {
  /** Each device's last recorded connection change, whose totals the next one carries on. */
  const lastChange = new Map<number, ConnectionChangeRow>();
  /** Each device's links as last recorded (linkStatesOf). */
  const recordedLinks = new Map<number, string>();

  const linkRows = (device: SimulatedDevice, before: string | null, now: number): NewLinkChange[] => {
    const after = linkStatesOf(device);
    recordedLinks.set(device.id, after);
    if (before === after) return [];
    const keys = linkKeysOf(device);
    const rows: NewLinkChange[] = [];
    for (let place = 0; place < after.length; place += 1)
      if (before?.[place] !== after[place])
        rows.push({
          device_id: device.id,
          link_key: keys[place] ?? '',
          changed_at: now,
          state: after[place] === '1' ? 1 : 0,
        });
    return rows;
  };

  const changeTo = (device: SimulatedDevice, previous: ConnectionChangeRow | null, now: number) => {
    const change = nextConnectionChange(device.id, previous, stateOf(device), now);
    lastChange.set(device.id, change);
    return change;
  };

  const connected = (device: SimulatedDevice) => stateOf(device) === 1;

  /** A device's history starts: its connection, and its links once it is connected (all of them then). */
  const start = (device: SimulatedDevice, now: number, rows: HistoryRows) => {
    rows.connection.push(changeTo(device, null, now));
    if (connected(device)) rows.links.push(...linkRows(device, null, now));
  };

  return {
    /**
     * The last recorded change of each of the fleet's devices (when the fleet is loaded): a device
     * with history goes on from it, its links (if connected) taken as recorded as they are now.
     */
    async load(db: Kysely<Database>, devices: readonly SimulatedDevice[]): Promise<void> {
      const last = await lastConnectionChanges(
        db,
        devices.map((device) => device.id),
      );
      for (const device of devices) {
        const change = last.get(device.id);
        if (!change) continue;
        lastChange.set(device.id, change);
        if (connected(device)) recordedLinks.set(device.id, linkStatesOf(device));
      }
    },
    /** The tick's history: the changes of the devices it changed, and a reading per sample of a connected device. */
    record(
      changed: readonly SimulatedDevice[],
      samples: readonly NewPositionSample[],
      deviceOf: (deviceId: number) => SimulatedDevice | undefined,
      now: number,
    ): HistoryRows {
      const rows = emptyHistory();
      for (const device of changed) {
        const previous = lastChange.get(device.id);
        if (!previous) {
          start(device, now, rows);
          continue;
        }
        if (connectionStateOf(previous.state) !== stateOf(device))
          rows.connection.push(changeTo(device, previous, now));
        if (connected(device)) rows.links.push(...linkRows(device, recordedLinks.get(device.id) ?? null, now));
      }
      for (const sample of samples) {
        const device = deviceOf(sample.device_id);
        if (!device) continue;
        if (!lastChange.has(device.id)) start(device, now, rows);
        if (sample.connected !== 1) continue;
        const reading: NewReading = {
          device_id: device.id,
          reading_time: sample.sample_time,
          signal: sample.best_signal ?? null,
          temperature: tenths(device.temperature),
        };
        rows.readings.push(reading);
      }
      return rows;
    },
    forget(deviceId: number): void {
      lastChange.delete(deviceId);
      recordedLinks.delete(deviceId);
    },
  };
}
