import { DAY_MS, utcDayStart, type ConnectedSeconds } from '../store/connectivityUsage.js';
import type { SimulatedDevice } from './fleetPlan.js';

export interface UsageMeterOptions {
  /** Each device's counter is written every this many ticks (a different slice of the fleet each tick). */
  readonly flushTicks: number;
  /** Longest span one tick accrues: a stopped or stalled simulator does not bill the pause. */
  readonly maxGapMs: number;
}

export interface UsageMeter {
  /** Starts metering at `now` (fleet loaded). */
  start(now: number): void;
  /**
   * Accrues the time since the last tick to every connected device (as the devices were
   * before this tick changes them) and answers the counters to write this tick: one slice of
   * the fleet, or all of it when a UTC day ended.
   */
  tick(devices: readonly SimulatedDevice[], tickNumber: number, now: number): ConnectedSeconds[];
  /** Everything accrued and not written yet (on stop). */
  drainAll(devices: readonly SimulatedDevice[]): ConnectedSeconds[];
}

const isConnected = (device: SimulatedDevice) => device.activated && device.availability === 1;

/**
 * Connected time per device. Adding one second to every connected device in the database
 * each tick would write most of the fleet every second; instead the time accrues in memory
 * and each tick writes 1/flushTicks of the fleet, so a counter is at most `flushTicks` ticks
 * behind and a tick writes about devices/flushTicks rows. Whole seconds are written; the
 * remainder stays pending.
 */
export function createUsageMeter(environmentId: () => number, options: UsageMeterOptions): UsageMeter {
  let accruedUntil: number | null = null;

  function drain(
    devices: readonly SimulatedDevice[],
    dayStart: number,
    rows: ConnectedSeconds[],
    inSlice: (device: SimulatedDevice) => boolean,
  ) {
    for (const device of devices) {
      if (device.connectedMsPending < 1000 || !inSlice(device)) continue;
      const seconds = Math.floor(device.connectedMsPending / 1000);
      device.connectedMsPending -= seconds * 1000;
      rows.push({ deviceId: device.id, environmentId: environmentId(), dayStart, seconds });
    }
  }

  function accrue(devices: readonly SimulatedDevice[], elapsed: number) {
    for (const device of devices) if (isConnected(device)) device.connectedMsPending += elapsed;
  }

  return {
    start(now) {
      accruedUntil = now;
    },
    tick(devices, tickNumber, now) {
      const rows: ConnectedSeconds[] = [];
      if (accruedUntil === null || now <= accruedUntil) {
        accruedUntil = Math.max(accruedUntil ?? now, now);
        return rows;
      }
      let from = Math.max(accruedUntil, now - options.maxGapMs);
      // A pause that skipped past midnight: what is pending belongs to the day it was accrued on.
      if (utcDayStart(from) !== utcDayStart(accruedUntil)) drain(devices, utcDayStart(accruedUntil), rows, () => true);
      while (from < now) {
        const dayEnd = utcDayStart(from) + DAY_MS;
        const until = Math.min(now, dayEnd);
        accrue(devices, until - from);
        if (until === dayEnd) drain(devices, dayEnd - DAY_MS, rows, () => true);
        from = until;
      }
      accruedUntil = now;
      const slot = tickNumber % options.flushTicks;
      drain(devices, utcDayStart(now), rows, (device) => device.plan.index % options.flushTicks === slot);
      return rows;
    },
    drainAll(devices) {
      const rows: ConnectedSeconds[] = [];
      if (accruedUntil !== null) drain(devices, utcDayStart(accruedUntil), rows, () => true);
      return rows;
    },
  };
}
