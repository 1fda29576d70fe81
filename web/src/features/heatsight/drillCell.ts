import type { HeatSightHistory } from '@halo/shared';
import type { MapArea } from '../../lib/fleet';
import { longitudeNear, searchTime } from './heatLayerData';

/**
 * The drill-down's cells: the map cut into squares of DRILL_CELL_PIXELS on screen (on Web
 * Mercator's grid at the zoom's whole level, so a cell is square wherever it is and stays put
 * while the zoom moves within a level). Hovering names what the cell under the pointer holds;
 * clicking lists it. A cell never crosses the antimeridian (360° is a whole number of cells).
 */
export const DRILL_CELL_PIXELS = 32;

/** Web Mercator's world is 512 pixels wide at zoom 0. */
const WORLD_PIXELS = 512;
const MAX_LATITUDE = 85.0511287798;

const worldY = (latitude: number, size: number) => {
  const radians = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(Math.PI / 4 + radians / 2)) / Math.PI) / 2) * size;
};

const latitudeAt = (y: number, size: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;

/** The cell holding a position at a zoom: west, south, east, north. */
export function drillCellAt(longitude: number, latitude: number, zoom: number): MapArea {
  const size = WORLD_PIXELS * 2 ** Math.max(0, Math.floor(zoom));
  const width = (DRILL_CELL_PIXELS * 360) / size;
  // The pointer over a repeated copy of the world: the same place on the first one, [-180, 180).
  const near = longitudeNear(longitude, 0);
  const column = Math.floor(((near >= 180 ? near - 360 : near) + 180) / width);
  const row = Math.floor(Math.min(size - 1, Math.max(0, worldY(latitude, size))) / DRILL_CELL_PIXELS);
  const west = column * width - 180;
  return [
    west,
    latitudeAt((row + 1) * DRILL_CELL_PIXELS, size),
    Math.min(180, west + width),
    latitudeAt(row * DRILL_CELL_PIXELS, size),
  ];
}

export const sameArea = (a: MapArea | null, b: MapArea | null): boolean =>
  a === b || (a !== null && b !== null && a.every((value, index) => value === b[index]));

/** An area's outline on the copy of the world nearest `centre` (a longitude), for a path layer. */
export function areaOutline(area: MapArea, centre: number): [number, number][] {
  const [west, south, east, north] = area;
  const shift = longitudeNear(west, centre) - west;
  const left = west + shift;
  const right = east + shift;
  return [
    [left, south],
    [right, south],
    [right, north],
    [left, north],
    [left, south],
  ];
}

/** What the history holds in an area over a time range: its samples and their link quality. */
export interface HistoryAreaSummary {
  /** Samples the rows in the area stand for. */
  readonly samples: number;
  /** Share of those samples with no link (0..1). */
  readonly noLink: number;
  /** Mean share of links down (0..1). */
  readonly linksDown: number;
  /** Mean cellular signal (0..100); null when no sample had one. */
  readonly signal: number | null;
}

/**
 * The history's rows in an area with from <= time <= to, summed by the samples each stands
 * for. The rows in the time range are found by search (times ascend), then read once.
 */
export function historyAreaSummary(
  history: HeatSightHistory,
  area: MapArea,
  from: number,
  to: number,
): HistoryAreaSummary {
  const [west, south, east, north] = area;
  const start = searchTime(history.times, history.rows, from, false);
  const end = searchTime(history.times, history.rows, to, true);
  let samples = 0;
  let noLink = 0;
  let linksDown = 0;
  let signalSum = 0;
  let signalSamples = 0;
  for (let index = start; index < end; index += 1) {
    const longitude = longitudeNear(history.positions[index * 2] ?? 0, 0);
    const latitude = history.positions[index * 2 + 1] ?? 0;
    if (latitude < south || latitude > north || longitude < west || longitude > east) continue;
    const count = history.counts[index] ?? 1;
    samples += count;
    noLink += (history.noLink[index] ?? 0) * count;
    linksDown += (history.linksDown[index] ?? 0) * count;
    const signal = history.signal[index];
    if (signal !== undefined && !Number.isNaN(signal)) {
      signalSum += signal * count;
      signalSamples += count;
    }
  }
  return {
    samples,
    noLink: samples === 0 ? 0 : noLink / samples,
    linksDown: samples === 0 ? 0 : linksDown / samples,
    signal: signalSamples === 0 ? null : signalSum / signalSamples,
  };
}
