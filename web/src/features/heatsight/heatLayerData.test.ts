import { describe, expect, it } from 'vitest';
import { decodeHistory, encodeHistorySamples, type DeviceLiveState } from '@halo/shared';
import type { FleetBatch } from '../../lib/fleet';
import { historyHeat, historySlice, LiveHeat } from './heatLayerData';
import { heatWeight } from './heatMetrics';

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

const batch = (changes: Partial<FleetBatch>, all: DeviceLiveState[]): FleetBatch => ({
  reset: false,
  changed: [],
  removed: [],
  devices: new Map(all.map((entry) => [entry.id, entry])),
  ...changes,
});

const positionsOf = (heat: LiveHeat) => [...heat.data().attributes.getPosition.value];
const weightsOf = (heat: LiveHeat) => [...heat.data().attributes.getWeight.value];
/** The heat's values for shares, as Float32 holds them. */
const shares = (metric: 'poorLinks' | 'noConnection' | 'signal', values: number[]) =>
  values.map((value) => Math.fround(heatWeight(metric, value)));

describe('LiveHeat', () => {
  it('holds one slot per located device and patches only what a frame names', () => {
    const fleet = [device(1), device(2, { location: null }), device(3, { availability: 0 })];
    const heat = new LiveHeat('poorLinks');
    expect(heat.apply(batch({ reset: true }, fleet))).toBe(true);
    expect(heat.length).toBe(2);
    expect(weightsOf(heat)).toEqual(shares('poorLinks', [0.5, 1]));
    const before = heat.version;
    // Device 1 loses a link, device 2 gets a position, device 3 is removed.
    const changed = [
      device(1, { links: { cellular: { online: 0, total: 2 }, eth: { online: 1, total: 2 } } }),
      device(2),
    ];
    expect(heat.apply(batch({ changed, removed: [3] }, changed))).toBe(true);
    expect(heat.version).toBeGreaterThan(before);
    expect(heat.length).toBe(2);
    expect(weightsOf(heat)).toEqual(shares('poorLinks', [0.75, 0.5]));
    expect(positionsOf(heat)[2]).toBeCloseTo(34.02, 4);
    expect(heat.mapDevices().map((entry) => entry.id)).toEqual([1, 2]);
    // A frame about nobody it holds changes nothing.
    expect(heat.apply(batch({ removed: [99] }, []))).toBe(false);
  });

  it('weighs by the chosen metric, leaving out devices the metric knows nothing of', () => {
    const fleet = [device(1), device(2, { availability: 0 })];
    const heat = new LiveHeat('noConnection');
    heat.apply(batch({ reset: true }, fleet));
    expect(weightsOf(heat)).toEqual(shares('noConnection', [0, 1]));
    heat.setMetric('density');
    expect(weightsOf(heat)).toEqual([1, 1]);
    heat.setMetric('signal');
    expect(heat.length).toBe(0);
  });
});

describe('history heat', () => {
  const from = 1_000_000;
  const history = decodeHistory(
    encodeHistorySamples(
      { from, to: from + 10_000, extent: { west: 34, south: 31, east: 35, north: 33 } },
      [0, 2_000, 4_000, 6_000, 8_000].map((offset, index) => ({
        longitude: 34.5,
        latitude: 32,
        time: from + offset,
        connected: true,
        linksOnline: index,
        linksTotal: 4,
        bestSignal: index % 2 === 0 ? 50 : null,
      })),
    ),
  );

  it('keeps the rows each metric can weigh, in time order', () => {
    expect(historyHeat(history, 'noConnection').length).toBe(5);
    const signal = historyHeat(history, 'signal');
    expect(signal.length).toBe(3);
    expect([...signal.weights.subarray(0, 3)]).toEqual(shares('signal', [0.5, 0.5, 0.5]));
    // The heat weighs the signal's weakness: red is bad in every metric.
    expect(signal.weights[0]).toBeCloseTo(heatWeight('signal', 1 - 50 / 100), 6);
  });

  it('slices a time range as views, ends included', () => {
    const heat = historyHeat(history, 'poorLinks');
    const slice = historySlice(heat, from + 2_000, from + 6_000);
    expect(slice.length).toBe(3);
    expect([...slice.attributes.getWeight.value]).toEqual(shares('poorLinks', [0.75, 0.5, 0.25]));
    expect(slice.attributes.getWeight.value.buffer).toBe(heat.weights.buffer);
    expect(historySlice(heat, from + 8_500, from + 9_000).length).toBe(0);
    expect(historySlice(heat, from, from + 10_000).length).toBe(5);
  });
});
