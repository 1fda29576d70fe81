import { describe, expect, it } from 'vitest';
import { initialDevice, planDevice, type SimulatedDevice } from './fleetPlan.js';
import { createUsageMeter } from './usageMeter.js';

const MIDNIGHT = Date.UTC(2026, 10, 24);
const YESTERDAY = MIDNIGHT - 86_400_000;
const ENVIRONMENT = 3;

/** Devices 1..count, connected unless listed in `offline`. */
function fleet(count: number, offline: readonly number[] = []): SimulatedDevice[] {
  return Array.from({ length: count }, (_, index) => {
    const device = initialDevice(planDevice(1, index), 1, MIDNIGHT);
    device.id = index + 1;
    device.activated = true;
    device.availability = offline.includes(index + 1) ? 0 : 1;
    return device;
  });
}

const byDevice = (rows: { deviceId: number; seconds: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.deviceId, row.seconds]));

const meterOf = (flushTicks: number, maxGapMs = 60_000) =>
  createUsageMeter(() => ENVIRONMENT, { flushTicks, maxGapMs });

describe('usage meter', () => {
  it('bills connected devices only and writes each device once every flushTicks ticks', () => {
    const devices = fleet(6, [2]);
    const meter = meterOf(3);
    const start = MIDNIGHT - 3_600_000;
    meter.start(devices, start);
    const written: Record<number, number> = {};
    for (let tick = 1; tick <= 6; tick += 1) {
      const rows = meter.tick(tick, start + tick * 1000);
      // A tick writes one slice, a run of consecutive devices: 1-2, 3-4 or 5-6.
      expect(rows.every((row) => Math.floor((row.deviceId - 1) / 2) === tick % 3)).toBe(true);
      expect(rows.every((row) => row.environmentId === ENVIRONMENT && row.dayStart === YESTERDAY)).toBe(true);
      for (const row of rows) written[row.deviceId] = (written[row.deviceId] ?? 0) + row.seconds;
    }
    // Each counter is at most flushTicks - 1 seconds behind; device 2 never connected.
    expect(written).toEqual({ 1: 6, 3: 4, 4: 4, 5: 5, 6: 5 });
    for (const row of meter.drainAll()) written[row.deviceId] = (written[row.deviceId] ?? 0) + row.seconds;
    expect(written).toEqual({ 1: 6, 3: 6, 4: 6, 5: 6, 6: 6 });
    expect(meter.drainAll()).toEqual([]);
  });

  it('bills the time before a change as the device was', () => {
    const devices = fleet(2, [2]);
    const meter = meterOf(1000);
    meter.start(devices, MIDNIGHT);
    const [first, second] = devices as [SimulatedDevice, SimulatedDevice];
    meter.tick(1, MIDNIGHT + 4000);
    // Device 1 disconnects and device 2 connects at +4 s; the meter is told before each change.
    meter.settle(first, MIDNIGHT + 4000);
    first.availability = 0;
    meter.settle(second, MIDNIGHT + 4000);
    second.availability = 1;
    meter.tick(2, MIDNIGHT + 10_000);
    expect(byDevice(meter.drainAll())).toEqual({ 1: 4, 2: 6 });
  });

  it('keeps the part of a second it has not written', () => {
    const devices = fleet(1);
    const meter = meterOf(1);
    meter.start(devices, MIDNIGHT + 1000);
    expect(byDevice(meter.tick(1, MIDNIGHT + 2500))).toEqual({ 1: 1 });
    expect(byDevice(meter.tick(2, MIDNIGHT + 3000))).toEqual({ 1: 1 });
    expect(meter.tick(3, MIDNIGHT + 3400)).toEqual([]);
    expect(meter.drainAll()).toEqual([]);
    expect(devices[0]!.usagePendingMs).toBe(400);
  });

  it('splits a tick across midnight and writes the old day for the whole fleet', () => {
    const devices = fleet(4, [4]);
    const meter = meterOf(60);
    meter.start(devices, MIDNIGHT - 10_500);
    // Slots 7 and 8 of 60 hold none of these four devices: only the day's end writes them.
    expect(meter.tick(7, MIDNIGHT - 500)).toEqual([]);
    const rows = meter.tick(8, MIDNIGHT + 2000);
    expect(rows).toEqual(
      [1, 2, 3].map((deviceId) => ({ deviceId, environmentId: ENVIRONMENT, dayStart: YESTERDAY, seconds: 10 })),
    );
    // Half a second of the old day is kept and goes to the new day.
    expect(meter.drainAll()).toEqual(
      [1, 2, 3].map((deviceId) => ({ deviceId, environmentId: ENVIRONMENT, dayStart: MIDNIGHT, seconds: 2 })),
    );
  });

  it('does not bill a pause longer than maxGapMs, nor a clock that went back', () => {
    const devices = fleet(1);
    const meter = meterOf(1, 5000);
    meter.start(devices, MIDNIGHT + 1000);
    expect(byDevice(meter.tick(1, MIDNIGHT + 3_600_000))).toEqual({ 1: 5 });
    expect(meter.tick(2, MIDNIGHT + 1_000_000)).toEqual([]);
    expect(byDevice(meter.tick(3, MIDNIGHT + 3_602_000))).toEqual({ 1: 2 });
  });

  it('writes what a pause interrupted to the day it was billed on', () => {
    const devices = fleet(1);
    const meter = meterOf(1000, 5000);
    meter.start(devices, MIDNIGHT - 3000);
    expect(meter.tick(1, MIDNIGHT - 1000)).toEqual([]);
    // Stopped for an hour across midnight: two seconds for yesterday, the last five for today.
    expect(meter.tick(2, MIDNIGHT + 3_600_000)).toEqual([
      { deviceId: 1, environmentId: ENVIRONMENT, dayStart: YESTERDAY, seconds: 2 },
    ]);
    expect(meter.drainAll()).toEqual([{ deviceId: 1, environmentId: ENVIRONMENT, dayStart: MIDNIGHT, seconds: 5 }]);
  });

  it('forgets devices that left the fleet and writes nothing before it is started', () => {
    const devices = fleet(3);
    const meter = meterOf(1);
    expect(meter.tick(1, MIDNIGHT)).toEqual([]);
    meter.start(devices, MIDNIGHT);
    meter.setFleet(devices.slice(1));
    expect(byDevice(meter.tick(2, MIDNIGHT + 3000))).toEqual({ 2: 3, 3: 3 });
  });
});
