import { linksDownShare, hasNoLink, type DeviceHealth } from '@halo/shared';
import type { Observable } from 'rxjs';
import type { MapArea, MapDevice } from './fleetHeat';

/**
 * HeatSight's drill-down, answered by the fleet worker next to the devices it holds: what an area
 * of the map holds (hover), the devices of an area a page at a time (click), and the bounds of
 * every located device (the view the map opens on). An answer reads the devices of the area
 * (FleetHeatView's grid by degree), not the fleet; the page asks only when the area under the
 * pointer changes, one question at a time.
 */

/** The worst devices a hover names. */
export const DRILL_WORST = 3;
/** The most devices one page of an area's list may hold. */
export const MAX_AREA_PAGE = 200;

/** What an area holds, in the heat's words: devices, those with no link, the share of links down. */
export interface AreaSummary {
  readonly devices: number;
  /** Devices with no link online, or not connected: what "No connection" counts. */
  readonly noConnection: number;
  /** The devices' mean share of links down (0..1): what "Poor links" averages. */
  readonly linksDown: number;
  /** Up to DRILL_WORST devices with something wrong, worst first. */
  readonly worst: readonly MapDevice[];
}

/** One page of an area's devices, worst first. */
export interface AreaPage {
  readonly area: MapArea;
  /** Devices in the area. */
  readonly total: number;
  readonly start: number;
  readonly devices: readonly MapDevice[];
}

/** What the page asks; `id` comes back with the answer, so a late answer is told from the latest. */
export type DrillRequest =
  | { readonly type: 'drill.summarise'; readonly id: number; readonly area: MapArea }
  | {
      readonly type: 'drill.list';
      readonly id: number;
      readonly area: MapArea;
      readonly start: number;
      readonly count: number;
    }
  | { readonly type: 'drill.bound'; readonly id: number };

export type DrillAnswer =
  | { readonly type: 'drill.summary'; readonly id: number; readonly area: MapArea; readonly summary: AreaSummary }
  | { readonly type: 'drill.page'; readonly id: number; readonly page: AreaPage }
  /** The located devices' bounds (west above east across the antimeridian); null with none. */
  | { readonly type: 'drill.bounds'; readonly id: number; readonly bounds: MapArea | null };

/** Where the worker finds the located devices (FleetHeatView, while the live heat shows). */
export interface DrillSource {
  shownIn(area: MapArea): Iterable<MapDevice>;
  positions(): Iterable<readonly [number, number]>;
}

/** The page's side: ask, and hear every answer (the asker keeps those with its ids). */
export interface FleetDrill {
  readonly answers$: Observable<DrillAnswer>;
  ask(request: DrillRequest): void;
}

/** Worst first, after the health rule's order among devices equally down. */
const HEALTH_RANK: Readonly<Record<DeviceHealth, number>> = {
  notConnected: 0,
  unknown: 1,
  notActivated: 2,
  allLinksDown: 3,
  mainAppOffline: 4,
  linksDegraded: 5,
  healthy: 6,
};

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The share of a device's links down, as the heat weighs it (not connected: all of them). */
const downShareOf = (device: MapDevice): number => linksDownShare(device);

/** The drill-down's order: most links down, then the health rule's worst, then by name. */
function compareWorst(a: MapDevice, b: MapDevice): number {
  return (
    downShareOf(b) - downShareOf(a) ||
    HEALTH_RANK[a.health] - HEALTH_RANK[b.health] ||
    collator.compare(a.name, b.name) ||
    a.id - b.id
  );
}

/** Whether the drill-down names a device among the worst: something about it is not well. */
const hasTrouble = (device: MapDevice): boolean => device.health !== 'healthy' || downShareOf(device) > 0;

/** What an area's devices hold (one pass; the worst kept as they come, never all sorted). */
export function summariseArea(devices: Iterable<MapDevice>, worstCount = DRILL_WORST): AreaSummary {
  let count = 0;
  let noConnection = 0;
  let downSum = 0;
  const troubled: MapDevice[] = [];
  for (const device of devices) {
    count += 1;
    if (hasNoLink(device)) noConnection += 1;
    downSum += downShareOf(device);
    if (hasTrouble(device)) troubled.push(device);
  }
  return {
    devices: count,
    noConnection,
    linksDown: count === 0 ? 0 : downSum / count,
    worst: firstWorst(troubled, Math.max(0, worstCount)),
  };
}

/**
 * The first `count` of `devices` in the drill-down's order, without sorting them all: a dense
 * cell (a country's fleet, zoomed out) holds tens of thousands, and its first page is wanted.
 */
export function firstWorst(devices: readonly MapDevice[], count: number): MapDevice[] {
  if (count >= devices.length) return [...devices].sort(compareWorst);
  const kept: MapDevice[] = [];
  for (const device of devices) {
    const last = kept[kept.length - 1];
    if (kept.length >= count && last && compareWorst(device, last) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareWorst(kept[middle]!, device) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, device);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/** One page of an area's devices, worst first; `start` and `count` are kept within bounds. */
export function areaPage(devices: Iterable<MapDevice>, area: MapArea, start: number, count: number): AreaPage {
  const all = [...devices];
  const size = Math.max(0, Math.min(MAX_AREA_PAGE, Math.floor(count) || 0));
  const last = Math.max(0, all.length - 1);
  const first = Math.min(Math.max(0, Math.floor(start) || 0), size > 0 ? last - (last % size) : 0);
  return { area, total: all.length, start: first, devices: firstWorst(all, first + size).slice(first) };
}

const BINS = 360;

/**
 * The smallest area holding every point: latitudes' extremes, and longitudes around the widest
 * stretch of the world without a point, so a fleet on both sides of the antimeridian (Fiji and
 * Samoa) is bounded across it (west above east) rather than around the whole world. Null
 * without points. One pass over the points, then over 360 one-degree bins.
 */
export function boundsOfPoints(points: Iterable<readonly [number, number]>): MapArea | null {
  const lowest = new Float64Array(BINS).fill(Number.POSITIVE_INFINITY);
  const highest = new Float64Array(BINS).fill(Number.NEGATIVE_INFINITY);
  let south = 90;
  let north = -90;
  let any = false;
  for (const [rawLongitude, latitude] of points) {
    if (!Number.isFinite(rawLongitude) || !Number.isFinite(latitude)) continue;
    // A repeated world's copy (190°) is the same place (-170°); within the world, kept exact.
    const longitude =
      Math.abs(rawLongitude) <= 180 ? rawLongitude : rawLongitude - 360 * Math.round(rawLongitude / 360);
    const bin = Math.min(BINS - 1, Math.floor(longitude + 180));
    lowest[bin] = Math.min(lowest[bin]!, longitude);
    highest[bin] = Math.max(highest[bin]!, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    any = true;
  }
  if (!any) return null;
  const occupied: number[] = [];
  for (let bin = 0; bin < BINS; bin += 1) if (highest[bin]! >= lowest[bin]!) occupied.push(bin);
  const first = occupied[0]!;
  const final = occupied[occupied.length - 1]!;
  // The gap across the antimeridian first: with no wider gap, the bounds do not cross it.
  let widest = lowest[first]! + 360 - highest[final]!;
  let west = lowest[first]!;
  let east = highest[final]!;
  for (let index = 1; index < occupied.length; index += 1) {
    const before = occupied[index - 1]!;
    const after = occupied[index]!;
    const gap = lowest[after]! - highest[before]!;
    if (gap > widest) {
      widest = gap;
      west = lowest[after]!;
      east = highest[before]!;
    }
  }
  return [west, south, east, north];
}

/** The fleet worker's answer to a drill request (no source: the live heat is not kept, nothing is there). */
export function answerDrill(request: DrillRequest, source: DrillSource | null): DrillAnswer {
  switch (request.type) {
    case 'drill.summarise':
      return {
        type: 'drill.summary',
        id: request.id,
        area: request.area,
        summary: summariseArea(source?.shownIn(request.area) ?? []),
      };
    case 'drill.list':
      return {
        type: 'drill.page',
        id: request.id,
        page: areaPage(source?.shownIn(request.area) ?? [], request.area, request.start, request.count),
      };
    case 'drill.bound':
      return { type: 'drill.bounds', id: request.id, bounds: boundsOfPoints(source?.positions() ?? []) };
  }
}
