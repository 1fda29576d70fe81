import type { HeatSightHistory, HeatSightMetric } from '@halo/shared';
import { HEAT_AGGREGATION, heatWeight, type FleetHeat } from '../../lib/fleet';
import { historyWeight } from './heatMetrics';

/**
 * Binary data as deck.gl layers take it: a length and typed arrays, no object per point. A point
 * is a cell of one or more devices or samples: its weight is their lifted weights' sum and its
 * count their number, so averaged metrics average by device (SteadyHeatmapLayer).
 */
export interface HeatData {
  readonly length: number;
  readonly attributes: {
    readonly getPosition: { readonly value: Float32Array; readonly size: 2 };
    readonly getWeight: { readonly value: Float32Array; readonly size: 1 };
    readonly getCount: { readonly value: Float32Array; readonly size: 1 };
  };
}

const heatData = (positions: Float32Array, weights: Float32Array, counts: Float32Array, length: number): HeatData => ({
  length,
  attributes: {
    getPosition: { value: positions.subarray(0, length * 2), size: 2 },
    getWeight: { value: weights.subarray(0, length), size: 1 },
    getCount: { value: counts.subarray(0, length), size: 1 },
  },
});

/** No heat (yet): the layer exists anyway, so its programs are built while the data is on its way. */
export const NO_HEAT: HeatData = heatData(new Float32Array(0), new Float32Array(0), new Float32Array(0), 0);

/**
 * What the layer draws while there is no heat: one point that weighs nothing and counts for
 * nothing (the heat's colours discard a weight of 0). With no point there would be no draw, and
 * software WebGL would prepare the weights pass for these buffers only with the first heat.
 */
export const WARM_UP_HEAT: HeatData = heatData(new Float32Array(2), new Float32Array(1), new Float32Array(1), 1);

/** The fleet worker's live heat as the layer takes it. */
export const liveHeatData = (heat: FleetHeat): HeatData =>
  heatData(heat.positions, heat.weights, heat.counts, heat.length);

/** A live heat cell's side on screen: far below the kernel's 40 pixels, so cells look like devices. */
const CELL_PIXELS = 4;

/**
 * The cell size in degrees for a zoom (Web Mercator, 512-pixel world at zoom 0), by whole zoom
 * levels so that moving within one does not sum the fleet again.
 */
export function heatCellDegrees(zoom: number): number {
  return (CELL_PIXELS * 360) / (512 * 2 ** Math.max(0, Math.floor(zoom)));
}

/** One metric's view of a history: the rows that say something about it, in time order. */
export interface HistoryHeat {
  readonly positions: Float32Array;
  readonly weights: Float32Array;
  readonly counts: Float32Array;
  readonly times: Float64Array;
  readonly length: number;
}

export function historyHeat(history: HeatSightHistory, metric: HeatSightMetric): HistoryHeat {
  const positions = new Float32Array(history.rows * 2);
  const weights = new Float32Array(history.rows);
  const counts = new Float32Array(history.rows);
  const times = new Float64Array(history.rows);
  const averaged = HEAT_AGGREGATION[metric] === 'MEAN';
  let length = 0;
  for (let index = 0; index < history.rows; index += 1) {
    const weight = historyWeight(history, index, metric);
    if (weight === null) continue;
    // A cell's shares are its samples' mean: it weighs as many samples as it holds.
    const count = history.counts[index] ?? 1;
    positions[length * 2] = history.positions[index * 2] ?? 0;
    positions[length * 2 + 1] = history.positions[index * 2 + 1] ?? 0;
    weights[length] = averaged ? heatWeight(metric, weight) * count : heatWeight(metric, weight);
    counts[length] = count;
    times[length] = history.times[index] ?? 0;
    length += 1;
  }
  return { positions, weights, counts, times, length };
}

/** The first index whose time is at least `time` (strictly above it with `after`); times ascend. */
export function searchTime(times: Float64Array, length: number, time: number, after: boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const value = times[middle] ?? 0;
    if (value < time || (after && value === time)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The rows with from <= time <= to, as views of the same arrays (nothing copied). */
export function historySlice(heat: HistoryHeat, from: number, to: number): HeatData {
  const start = searchTime(heat.times, heat.length, from, false);
  const end = Math.max(start, searchTime(heat.times, heat.length, to, true));
  return heatData(
    heat.positions.subarray(start * 2),
    heat.weights.subarray(start),
    heat.counts.subarray(start),
    end - start,
  );
}

/** `longitude` on the copy of the world nearest `centre` (both in degrees): within 180° of it. */
export function longitudeNear(longitude: number, centre: number): number {
  return longitude + 360 * Math.round((centre - longitude) / 360);
}

/**
 * The heat with each point on the copy of the world nearest `centre` (a longitude), or `heat`
 * itself when every point is already there. The map repeats the world side by side; deck.gl's
 * heat map sums only the points whose longitudes fall in the view as written and then shows
 * that on every copy, so a device at -74° would be missing from a view centred on 180°
 * (written there as 286°) while Europe showed on both copies.
 */
export function heatNearLongitude(heat: HeatData, centre: number): HeatData {
  const positions = heat.attributes.getPosition.value;
  let placed: Float32Array | null = null;
  for (let index = 0; index < heat.length; index += 1) {
    const longitude = positions[index * 2] ?? 0;
    const near = longitudeNear(longitude, centre);
    if (near === longitude) continue;
    placed ??= positions.slice();
    placed[index * 2] = near;
  }
  if (!placed) return heat;
  return { ...heat, attributes: { ...heat.attributes, getPosition: { value: placed, size: 2 } } };
}

/** A history's row positions, [longitude, latitude] (for its bounds). */
export function* historyPositions(history: HeatSightHistory): Generator<[number, number]> {
  for (let index = 0; index < history.rows; index += 1)
    yield [history.positions[index * 2] ?? 0, history.positions[index * 2 + 1] ?? 0];
}
