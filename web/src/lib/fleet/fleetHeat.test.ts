import type { DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { FleetHeatView, heatWeight, MAX_HEAT_CELLS, sumIntoCells } from './fleetHeat';

const device = (id: number, overrides: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id,
  name: `dev-${id}`,
  pairing_id: `p-${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 1,
  links: { cellular: { online: 1, total: 2 }, eth: { online: 1, total: 2 } },
  location: { coordinate: [34 + id / 100, 32], accuracy: 3 },
  ...overrides,
});

const lifted = (metric: 'poorLinks' | 'noConnection', values: number[]) =>
  values.map((value) => Math.fround(heatWeight(metric, value)));

describe('FleetHeatView', () => {
  it('sums located devices into cells of the asked size: mean position, weight sum, count', () => {
    const view = new FleetHeatView({ metric: 'poorLinks', cellDegrees: 1 });
    // 1 and 2 in one cell, 3 without a position, 4 two degrees east.
    view.reset([
      device(1),
      device(2, { availability: 0 }),
      device(3, { location: null }),
      device(4, { location: { coordinate: [36.5, 32.5], accuracy: 1 } }),
    ]);
    const heat = view.heat();
    expect(heat).toMatchObject({ length: 2, devices: 3, reset: true });
    expect([...heat.counts]).toEqual([2, 1]);
    // Device 1 has half its links down, device 2 is not connected (all down).
    expect([...heat.weights]).toEqual([
      Math.fround(heatWeight('poorLinks', 0.5) + heatWeight('poorLinks', 1)),
      ...lifted('poorLinks', [0.5]),
    ]);
    expect(heat.positions[0]).toBeCloseTo(34.015, 4);
    expect([...heat.positions.subarray(2)]).toEqual([36.5, 32.5]);
  });

  it('patches per delta and says what changed since the last heat', () => {
    const view = new FleetHeatView({ metric: 'noConnection', cellDegrees: 0.001 });
    view.reset([device(1), device(2)]);
    view.heat();
    expect(view.update([device(2, { availability: 0 })], [1])).toBe(true);
    const heat = view.heat();
    expect(heat).toMatchObject({ length: 1, devices: 1, changed: 1, reset: false });
    expect([...heat.weights]).toEqual(lifted('noConnection', [1]));
    // Nobody it holds: nothing changed.
    expect(view.update([], [99])).toBe(false);
    // A device that loses its position leaves the heat.
    expect(view.update([device(2, { location: null })], [])).toBe(true);
    expect(view.heat().length).toBe(0);
  });

  it('leaves out what a metric knows nothing of, and sums again for another metric', () => {
    const view = new FleetHeatView({ metric: 'density', cellDegrees: 0.001 });
    view.reset([device(1), device(2)]);
    expect([...view.heat().weights]).toEqual([1, 1]);
    expect(view.setQuery({ metric: 'density', cellDegrees: 0.001 })).toBe(false);
    expect(view.setQuery({ metric: 'signal', cellDegrees: 0.001 })).toBe(true);
    expect(view.heat()).toMatchObject({ length: 0, devices: 0, reset: true });
  });

  it('grows its cells while there would be more than MAX_HEAT_CELLS', () => {
    const count = MAX_HEAT_CELLS + 500;
    const view = new FleetHeatView({ metric: 'density', cellDegrees: 0.0001 });
    view.reset(
      Array.from({ length: count }, (_unused, index) =>
        device(index + 1, {
          location: { coordinate: [(index % 100) * 0.01, Math.floor(index / 100) * 0.01], accuracy: 1 },
        }),
      ),
    );
    const heat = view.heat();
    expect(heat.length).toBeLessThanOrEqual(MAX_HEAT_CELLS);
    expect(heat.devices).toBe(count);
    expect([...heat.counts].reduce((sum, value) => sum + value, 0)).toBe(count);
  });

  it('lists the devices of an area, across the antimeridian too', () => {
    const view = new FleetHeatView({ metric: 'density', cellDegrees: 1 });
    view.reset([
      device(1, { location: { coordinate: [179.5, 10], accuracy: 1 } }),
      device(2, { location: { coordinate: [-179.5, 10], accuracy: 1 }, availability: 0 }),
      device(3, { location: { coordinate: [0, 10], accuracy: 1 } }),
    ]);
    expect(view.devicesIn([179, 0, -179, 20]).map((entry) => entry.id)).toEqual([1, 2]);
    expect(view.devicesIn([-1, 0, 1, 20])).toEqual([
      {
        id: 3,
        name: 'dev-3',
        position: [0, 10],
        connected: true,
        linksOnline: 2,
        linksTotal: 4,
        health: 'linksDegraded',
      },
    ]);
    expect(view.devicesIn([-1, 11, 1, 20])).toEqual([]);
  });
});

describe('sumIntoCells', () => {
  it('keeps cells apart on either side of the antimeridian', () => {
    const cells = sumIntoCells(
      [
        { position: [179.9, 0], weight: 1 },
        { position: [-179.9, 0], weight: 2 },
      ],
      1,
    );
    expect(cells.length).toBe(2);
    expect([...cells.weights]).toEqual([1, 2]);
  });
});
