import { DAY_MS, utcDayStart, type ConnectedSeconds } from '../store/connectivityUsage.js';
import type { SimulatedDevice } from './fleetPlan.js';

export interface UsageMeterOptions {
  /** Each device's counter is written every this many ticks (a different slice of the fleet each tick). */
  readonly flushTicks: number;
  /** Longest span one tick bills (under a day): a stopped or stalled simulator does not bill the pause. */
  readonly maxGapMs: number;
}

export interface UsageMeter {
  /** Starts metering `devices` at `now` (fleet loaded). */
  start(devices: readonly SimulatedDevice[], now: number): void;
  /** The fleet lost devices (deleted through the API). */
  setFleet(devices: readonly SimulatedDevice[]): void;
  /** Bills a device's connected time up to `now` as it is: call before its connection changes. */
  settle(device: SimulatedDevice, now: number): void;
  /**
   * Answers the counters to write this tick: one slice of the fleet, plus the whole fleet's
   * day when a UTC day ended. Call before the tick changes any device.
   */
  tick(tickNumber: number, now: number): ConnectedSeconds[];
  /** Everything billed and not written yet (on stop). */
  drainAll(): ConnectedSeconds[];
}

const isConnected = (device: SimulatedDevice) => device.activated && device.availability === 1;

/**
 * Connected time per device, billed lazily: a device's time is added up only when its
 * connection is about to change or its counter is written, so a tick costs the devices it
 * changes plus one slice (1/flushTicks) of the fleet, not the whole fleet. Each counter is at
 * most flushTicks ticks behind. Whole seconds are written; the rest stays pending. At UTC
 * midnight (once a day) the whole fleet is billed and written to the day that ended.
 */
export function createUsageMeter(environmentId: () => number, options: UsageMeterOptions): UsageMeter {
  const maxGapMs = Math.min(options.maxGapMs, DAY_MS);
  let devices: readonly SimulatedDevice[] = [];
  let slices: SimulatedDevice[][] = [];
  let billedUntil: number | null = null;

  function settle(device: SimulatedDevice, until: number) {
    if (until <= device.usageBilledUntil) return;
    if (isConnected(device)) device.usagePendingMs += until - device.usageBilledUntil;
    device.usageBilledUntil = until;
  }

  function drain(device: SimulatedDevice, dayStart: number, rows: ConnectedSeconds[]) {
    if (device.usagePendingMs < 1000) return;
    const seconds = Math.floor(device.usagePendingMs / 1000);
    device.usagePendingMs -= seconds * 1000;
    rows.push({ deviceId: device.id, environmentId: environmentId(), dayStart, seconds });
  }

  function settleAndDrainAll(until: number, dayStart: number, rows: ConnectedSeconds[]) {
    for (const device of devices) {
      settle(device, until);
      drain(device, dayStart, rows);
    }
  }

  function setFleet(fleet: readonly SimulatedDevice[]) {
    devices = fleet;
    // Runs of consecutive devices (ids ascend with the fleet's order), so a tick's rows sit together in the table.
    slices = Array.from({ length: options.flushTicks }, (_, slot) =>
      fleet.slice(
        Math.floor((slot * fleet.length) / options.flushTicks),
        Math.floor(((slot + 1) * fleet.length) / options.flushTicks),
      ),
    );
  }

  return {
    start(fleet, now) {
      for (const device of fleet) device.usageBilledUntil = now;
      setFleet(fleet);
      billedUntil = now;
    },
    setFleet,
    settle,
    tick(tickNumber, now) {
      const rows: ConnectedSeconds[] = [];
      if (billedUntil === null || now <= billedUntil) return rows;
      const from = Math.max(billedUntil, now - maxGapMs);
      if (from > billedUntil) {
        // A pause: bill up to where it began, write that day if it is over, skip the rest.
        if (utcDayStart(from) !== utcDayStart(billedUntil))
          settleAndDrainAll(billedUntil, utcDayStart(billedUntil), rows);
        for (const device of devices) {
          settle(device, billedUntil);
          device.usageBilledUntil = from;
        }
      }
      const dayEnd = utcDayStart(from) + DAY_MS;
      if (now >= dayEnd) settleAndDrainAll(dayEnd, dayEnd - DAY_MS, rows);
      billedUntil = now;
      for (const device of slices[tickNumber % options.flushTicks] ?? []) {
        settle(device, now);
        drain(device, utcDayStart(now), rows);
      }
      return rows;
    },
    drainAll() {
      const rows: ConnectedSeconds[] = [];
      if (billedUntil !== null) settleAndDrainAll(billedUntil, utcDayStart(billedUntil), rows);
      return rows;
    },
  };
}
