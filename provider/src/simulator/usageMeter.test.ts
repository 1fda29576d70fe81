import { describe, expect, it } from 'vitest';
import { initialDevice, planDevice, type SimulatedDevice } from './fleetPlan.js';
import { createUsageMeter } from './usageMeter.js';

const MIDNIGHT = Date.UTC(2026, 10, 24);
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

const byDevice = (rows: { deviceId: number; seconds: number; dayStart: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.deviceId, row.seconds]));

describe('usage meter', () => {
  it('bills connected devices only and writes each device once every flushTicks ticks', () => {
    const devices = fleet(6, [2]);
    const meter = createUsageMeter(() => ENVIRONMENT, { flushTicks: 3, maxGapMs: 60_000 });
    const start = MIDNIGHT - 3_600_000;
    meter.start(start);
    const written: Record<number, number> = {};
    for (let tick = 1; tick <= 6; tick += 1) {
      const rows = meter.tick(devices, tick, start + tick * 1000);
      // A tick writes one slice: the devices whose plan index falls on this tick.
      expect(rows.every((row) => (row.deviceId - 1) % 3 === tick % 3)).toBe(true);
      expect(rows.every((row) => row.environmentId === ENVIRONMENT && row.dayStart === MIDNIGHT - 86_400_000)).toBe(
        true,
      );
      for (const row of rows) written[row.deviceId] = (written[row.deviceId] ?? 0) + row.seconds;
    }
    // Each counter is at most flushTicks - 1 seconds behind; device 2 never connected.
    expect(written).toEqual({ 1: 6, 3: 5, 4: 6, 5: 4, 6: 5 });
    for (const row of meter.drainAll(devices)) written[row.deviceId] = (written[row.deviceId] ?? 0) + row.seconds;
    expect(written).toEqual({ 1: 6, 3: 6, 4: 6, 5: 6, 6: 6 });
    expect(meter.drainAll(devices)).toEqual([]);
  });

  it('keeps the part of a second it has not written', () => {
    const devices = fleet(1);
    const meter = createUsageMeter(() => ENVIRONMENT, { flushTicks: 1, maxGapMs: 60_000 });
    meter.start(MIDNIGHT + 1000);
    expect(byDevice(meter.tick(devices, 1, MIDNIGHT + 2500))).toEqual({ 1: 1 });
    expect(byDevice(meter.tick(devices, 2, MIDNIGHT + 3000))).toEqual({ 1: 1 });
    expect(meter.tick(devices, 3, MIDNIGHT + 3400)).toEqual([]);
    expect(meter.drainAll(devices)).toEqual([]);
    expect(devices[0]!.connectedMsPending).toBe(400);
  });

  it('splits a tick across midnight and writes the old day for the whole fleet', () => {
    const devices = fleet(4, [4]);
    const meter = createUsageMeter(() => ENVIRONMENT, { flushTicks: 60, maxGapMs: 60_000 });
    meter.start(MIDNIGHT - 10_500);
    // Slots 7 and 8 of 60 hold none of these four devices: only the day's end writes them.
    expect(meter.tick(devices, 7, MIDNIGHT - 500)).toEqual([]);
    const rows = meter.tick(devices, 8, MIDNIGHT + 2000);
    expect(rows).toEqual(
      [1, 2, 3].map((deviceId) => ({
        deviceId,
        environmentId: ENVIRONMENT,
        dayStart: MIDNIGHT - 86_400_000,
        seconds: 10,
      })),
    );
    // Half a second of the old day is kept and goes to the new day; the new day is written later.
    expect(meter.drainAll(devices)).toEqual(
      [1, 2, 3].map((deviceId) => ({ deviceId, environmentId: ENVIRONMENT, dayStart: MIDNIGHT, seconds: 2 })),
    );
  });

  it('does not bill a pause longer than maxGapMs, nor a clock that went back', () => {
    const devices = fleet(1);
    const meter = createUsageMeter(() => ENVIRONMENT, { flushTicks: 1, maxGapMs: 5000 });
    meter.start(MIDNIGHT + 1000);
    expect(byDevice(meter.tick(devices, 1, MIDNIGHT + 3_600_000))).toEqual({ 1: 5 });
    expect(meter.tick(devices, 2, MIDNIGHT + 1_000_000)).toEqual([]);
    expect(byDevice(meter.tick(devices, 3, MIDNIGHT + 3_602_000))).toEqual({ 1: 2 });
  });

  it('writes nothing before it is started', () => {
    const meter = createUsageMeter(() => ENVIRONMENT, { flushTicks: 1, maxGapMs: 5000 });
    expect(meter.tick(fleet(2), 1, MIDNIGHT)).toEqual([]);
  });
});
