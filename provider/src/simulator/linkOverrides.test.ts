import { describe, expect, it } from 'vitest';
import { SystemLogEvent } from '@halo/shared';
import { initialDevice, planDevice, type SimulatedDevice } from './fleetPlan.js';
import { createLinkOverrides } from './linkOverrides.js';

const NOW = Date.UTC(2026, 10, 23, 12);

/** A simulated device as the fleet starts it, connected or not, with an id. */
function device(index: number, test: (each: SimulatedDevice) => boolean): SimulatedDevice {
  for (let candidate = index; candidate < index + 500; candidate += 1) {
    const each = initialDevice(planDevice(1, candidate), 1, NOW);
    each.id = candidate + 1;
    if (test(each)) return each;
  }
  throw new Error('no such device in the plan');
}

describe('the simulator’s link overrides', () => {
  it('applies a request on the next tick and holds the device until the hold ends or another request comes', () => {
    const overrides = createLinkOverrides(10_000);
    const truck = device(0, (each) => each.availability === 1 && each.links.eth[0]?.is_online === true);
    expect(overrides.request(truck, 'eth:0', false, NOW)).toBe(NOW + 10_000);
    expect(overrides.isHeld(truck.id, NOW + 1)).toBe(true);
    const settled: number[] = [];
    const applied = overrides.applyWaiting(
      (id) => (id === truck.id ? truck : undefined),
      NOW + 1000,
      (each) => settled.push(each.id),
    );
    expect(applied.changed).toEqual([truck]);
    expect(settled).toEqual([truck.id]);
    expect(applied.logs.map((entry) => entry.event_type)).toEqual([SystemLogEvent.LINK_DOWN]);
    expect(truck.links.eth[0]?.is_online).toBe(false);
    // Applied once: the next tick has nothing waiting; a link already as asked changes nothing.
    expect(
      overrides.applyWaiting(
        () => truck,
        NOW + 2000,
        () => undefined,
      ).changed,
    ).toEqual([]);
    overrides.request(truck, 'eth:0', false, NOW + 3000);
    expect(
      overrides.applyWaiting(
        () => truck,
        NOW + 4000,
        () => undefined,
      ).changed,
    ).toEqual([]);
    expect(overrides.isHeld(truck.id, NOW + 12_999)).toBe(true);
    expect(overrides.isHeld(truck.id, NOW + 13_000)).toBe(false);
    overrides.request(truck, 'eth:0', true, NOW + 20_000);
    overrides.forget(truck.id);
    expect(overrides.isHeld(truck.id, NOW + 20_001)).toBe(false);
    expect(
      overrides.applyWaiting(
        () => truck,
        NOW + 21_000,
        () => undefined,
      ).changed,
    ).toEqual([]);
  });

  it('refuses a link the device does not have, a malformed key and a device never activated', () => {
    const overrides = createLinkOverrides();
    const truck = device(0, (each) => each.activated && each.links.cellular.length < 4);
    const dormant = device(0, (each) => !each.activated);
    expect(overrides.request(truck, `cellular:${truck.links.cellular.length}`, false, NOW)).toBeNull();
    expect(overrides.request(truck, 'cellular', false, NOW)).toBeNull();
    expect(overrides.request(truck, '__proto__:0', false, NOW)).toBeNull();
    expect(overrides.request(dormant, 'eth:0', true, NOW)).toBeNull();
    expect(overrides.isHeld(truck.id, NOW)).toBe(false);
  });
});
