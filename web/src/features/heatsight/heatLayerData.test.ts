import { describe, expect, it } from 'vitest';
import { decodeHistory, encodeHistoryCells, encodeHistorySamples } from '@halo/shared';
import { heatWeight } from '../../lib/fleet';
import {
  heatCellDegrees,
  heatNearLongitude,
  historyHeat,
  historySlice,
  liveHeatData,
  longitudeNear,
} from './heatLayerData';

/** The heat's values for shares, as Float32 holds them. */
const shares = (metric: 'poorLinks' | 'noConnection' | 'signal', values: number[]) =>
  values.map((value) => Math.fround(heatWeight(metric, value)));

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

  it('weighs a cell of aggregated samples by its count, so shares average per sample', () => {
    const cells = decodeHistory(
      encodeHistoryCells({ from, to: from + 10_000, extent: { west: 34, south: 31, east: 35, north: 33 } }, [
        { longitude: 34.5, latitude: 32, time: from, count: 70, linksDown: 0.5, noLink: 0.1, signal: 40 },
        { longitude: 34.6, latitude: 32, time: from + 1_000, count: 3, linksDown: 1, noLink: 1, signal: null },
      ]),
    );
    const heat = historyHeat(cells, 'poorLinks');
    expect([...heat.counts.subarray(0, 2)]).toEqual([70, 3]);
    // Shares travel quantised: the cell's as decoded.
    expect(heat.weights[0]).toBeCloseTo(heatWeight('poorLinks', cells.linksDown[0] ?? NaN) * 70, 3);
    expect(heat.weights[1]).toBeCloseTo(heatWeight('poorLinks', 1) * 3, 5);
    // Density sums the samples themselves.
    expect([...historyHeat(cells, 'density').weights.subarray(0, 2)]).toEqual([70, 3]);
  });
});

describe('heatCellDegrees', () => {
  it('keeps one size within a zoom level and halves it per level', () => {
    expect(heatCellDegrees(3)).toBe(heatCellDegrees(3.9));
    expect(heatCellDegrees(4)).toBe(heatCellDegrees(3) / 2);
    expect(heatCellDegrees(-1)).toBe(heatCellDegrees(0));
  });
});

describe('heat on the world copy nearest the view', () => {
  // New York, Berlin, Fiji (east of the antimeridian) and Samoa (west of it).
  const longitudes = [-74, 13.4, 178.4, -171.8];
  const heat = liveHeatData({
    positions: Float32Array.from(longitudes.flatMap((longitude) => [longitude, 10])),
    weights: Float32Array.of(1, 2, 3, 4),
    counts: Float32Array.of(1, 1, 1, 1),
    length: 4,
    devices: 4,
    changed: 4,
    reset: true,
  });
  const placedLongitudes = (centre: number) => {
    const positions = heatNearLongitude(heat, centre).attributes.getPosition.value;
    return longitudes.map((_, index) => positions[index * 2]);
  };

  it('leaves the heat as it is when every point is within half a world of the centre', () => {
    expect(heatNearLongitude(heat, 0)).toBe(heat);
  });

  it('moves the points beyond the antimeridian next to a view centred on it, and nothing else', () => {
    expect(placedLongitudes(180)).toEqual([286, 13.4, 178.4, 188.2].map(Math.fround));
    expect(placedLongitudes(-170)).toEqual([-74, 13.4 - 360, 178.4 - 360, -171.8].map(Math.fround));
    const placed = heatNearLongitude(heat, 180);
    expect(placed.attributes.getWeight).toBe(heat.attributes.getWeight);
    expect(placed.attributes.getCount).toBe(heat.attributes.getCount);
    // The live arrays stay as the worker gave them.
    expect(heat.attributes.getPosition.value[0]).toBe(-74);
  });
});

describe('a longitude on the world copy nearest a centre', () => {
  it('stays within 180° of the centre, and is itself when already there', () => {
    expect(longitudeNear(-74, 180)).toBe(286);
    expect(longitudeNear(178.4, -170)).toBeCloseTo(-181.6);
    expect(longitudeNear(13.4, 20)).toBe(13.4);
    expect(longitudeNear(200, 0)).toBe(-160);
    expect(longitudeNear(-200, 0)).toBe(160);
  });
});
