import { describe, expect, it } from 'vitest';
import { changeSomeDevices } from './deviceChanges.js';
import { initialDevice, planDevice, type SimulatedDevice } from './fleetPlan.js';
import { createRandom } from './random.js';
import { seededUuid } from './rfRecordings.js';
import { watchedDevice } from './thresholdReadings.js';

const NOW = Date.UTC(2026, 10, 23, 12);

const fleet = (size: number): SimulatedDevice[] =>
  Array.from({ length: size }, (_, index) => ({ ...initialDevice(planDevice(5, index), 5, NOW), id: index + 1 }));

describe('a tick’s device changes', () => {
  it('samples the share asked (at least one), shows each device as it was before it changes, and repeats for a seed', () => {
    const devices = fleet(200);
    const seenBefore = new Map<number, string>();
    const { changed, logs } = changeSomeDevices(devices, createRandom(11), 0.1, NOW + 1000, (device) =>
      seenBefore.set(device.id, JSON.stringify(device)),
    );
    expect(seenBefore.size).toBe(20);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((device) => seenBefore.has(device.id))).toBe(true);
    // The callback saw each device before its change: a changed device no longer looks as it was seen.
    expect(changed.some((device) => seenBefore.get(device.id) !== JSON.stringify(device))).toBe(true);
    expect(logs.every((entry) => entry.description.startsWith(`${entry.device_name}: `))).toBe(true);

    const again = fleet(200);
    const repeated = changeSomeDevices(again, createRandom(11), 0.1, NOW + 1000, () => {});
    expect(repeated.changed.map((device) => device.id)).toEqual(changed.map((device) => device.id));
    expect(repeated.logs).toEqual(logs);
    expect(changeSomeDevices(fleet(3), createRandom(1), 0.01, NOW, () => {}).changed.length).toBeLessThanOrEqual(1);
  });

  it('never changes a device planned never to activate', () => {
    const never = fleet(400).filter((device) => device.plan.activation === 'never');
    expect(never.length).toBeGreaterThan(0);
    const { changed, logs } = changeSomeDevices(never, createRandom(3), 1, NOW + 1000, () => {});
    expect(changed).toEqual([]);
    expect(logs).toEqual([]);
  });
});

describe('what the threshold rules read of a simulated device', () => {
  it('counts the SIM events of the last hour only, and forgets the older ones', () => {
    const [device] = fleet(1);
    device!.simEventTimes.push(NOW - 3_700_000, NOW - 3_500_000, NOW - 10);
    const watched = watchedDevice(device!, NOW);
    expect(watched.facts.simEventsLastHour).toBe(2);
    expect(device!.simEventTimes).toEqual([NOW - 3_500_000, NOW - 10]);
    expect(watched.id).toBe(device!.id);
    expect(watched.name).toBe(device!.plan.name);
  });
});

describe('seeded recording uuids', () => {
  it('are version 4 shaped and repeat for a seed', () => {
    const uuid = seededUuid(createRandom(8));
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seededUuid(createRandom(8))).toBe(uuid);
    expect(seededUuid(createRandom(9))).not.toBe(uuid);
  });
});
