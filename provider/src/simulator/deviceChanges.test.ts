import { describe, expect, it } from 'vitest';
import { changeSomeDevices } from './deviceChanges.js';
import { FLEET_PACE_RATES, type FleetPace } from './fleetPace.js';
import { MainAppStatus } from '@halo/shared';
import { initialDevice, planDevice, type SimulatedDevice } from './fleetPlan.js';
import { createRandom } from './random.js';
import { seededUuid } from './rfRecordings.js';
import { watchedDevice } from './thresholdReadings.js';

const NOW = Date.UTC(2026, 10, 23, 12);

const CHURNING = FLEET_PACE_RATES.churning;

const fleet = (size: number): SimulatedDevice[] =>
  Array.from({ length: size }, (_, index) => ({ ...initialDevice(planDevice(5, index), 5, NOW), id: index + 1 }));

describe('a tick’s device changes', () => {
  it('samples the share asked (at least one), shows each device as it was before it changes, and repeats for a seed', () => {
    const devices = fleet(200);
    const seenBefore = new Map<number, string>();
    const { changed, logs } = changeSomeDevices(
      devices,
      createRandom(11),
      0.1,
      NOW + 1000,
      (device) => seenBefore.set(device.id, JSON.stringify(device)),
      CHURNING,
    );
    expect(seenBefore.size).toBe(20);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((device) => seenBefore.has(device.id))).toBe(true);
    // The callback saw each device before its change: a changed device no longer looks as it was seen.
    expect(changed.some((device) => seenBefore.get(device.id) !== JSON.stringify(device))).toBe(true);
    expect(logs.every((entry) => entry.description.startsWith(`${entry.device_name}: `))).toBe(true);

    const again = fleet(200);
    const repeated = changeSomeDevices(again, createRandom(11), 0.1, NOW + 1000, () => {}, CHURNING);
    expect(repeated.changed.map((device) => device.id)).toEqual(changed.map((device) => device.id));
    expect(repeated.logs).toEqual(logs);
    expect(
      changeSomeDevices(fleet(3), createRandom(1), 0.01, NOW, () => {}, CHURNING).changed.length,
    ).toBeLessThanOrEqual(1);
  });

  it('never changes a device planned never to activate', () => {
    const never = fleet(400).filter((device) => device.plan.activation === 'never');
    expect(never.length).toBeGreaterThan(0);
    const { changed, logs } = changeSomeDevices(never, createRandom(3), 1, NOW + 1000, () => {}, CHURNING);
    expect(changed).toEqual([]);
    expect(logs).toEqual([]);
  });
});

/** A fleet of 300 after `minutes` of ticks at 2 % a second, at `pace`: the shares down, offline, and over 70 °C. */
function fleetAfter(pace: FleetPace, minutes: number) {
  const devices = fleet(300);
  for (let tick = 1; tick <= minutes * 60; tick += 1)
    changeSomeDevices(devices, createRandom(tick), 0.02, NOW + tick * 1000, () => {}, FLEET_PACE_RATES[pace]);
  const activated = devices.filter((device) => device.activated);
  const connected = activated.filter((device) => device.availability === 1);
  return {
    down: 1 - connected.length / activated.length,
    appOffline: connected.filter((device) => device.mainAppStatus !== MainAppStatus.ONLINE).length / connected.length,
    hot: devices.filter((device) => device.temperature > 70).length / devices.length,
  };
}

describe('the fleet’s pace (issue 39, item 17)', () => {
  it('steady: after half an hour a few percent are down or offline and almost nothing is hot, as a real fleet', () => {
    const steady = fleetAfter('steady', 30);
    expect(steady.down).toBeLessThan(0.06);
    expect(steady.appOffline).toBeLessThan(0.1);
    expect(steady.hot).toBeLessThan(0.05);
  });

  it('churning: every change as likely as its undoing, so far more of the fleet is down (what tests of the live path want)', () => {
    const churning = fleetAfter('churning', 30);
    expect(churning.down).toBeGreaterThan(0.25);
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
