import {
  connectionStatus,
  deviceHealth,
  hasNoLink,
  linksDownShare,
  totalLinks,
  type DeviceHealth,
  type DeviceLiveState,
  type HeatSightMetric,
} from '@halo/shared';
import { LocatedGrid } from './locatedGrid';

/**
 * The live fleet as heat (HeatSight), kept by the fleet worker next to the devices: located
 * devices weighed by a metric and summed into grid cells of the map's scale, so the page gets a
 * few thousand points at most (typed arrays, transferred) instead of the fleet's states, and
 * its WebGL draws cells rather than devices.
 */

/** How a metric's weights combine where points overlap: shares are averaged, counts summed. */
export const HEAT_AGGREGATION: Readonly<Record<HeatSightMetric, 'SUM' | 'MEAN'>> = {
  poorLinks: 'MEAN',
  noConnection: 'MEAN',
  signal: 'MEAN',
  density: 'SUM',
};

/**
 * Shares travel to deck.gl lifted onto [SHARE_FLOOR, 1]. Its MEAN heat divides each pixel's
 * weight by the kernel mass there (at least 1), so where samples thin out at a blob's edge the
 * value sinks; below the domain's lower end deck.gl fades the pixel out. Lifted, a share of 0
 * (all fine) still shows in the scale's low colour where there are samples, and the edges fade
 * to nothing instead of reading as "all fine" (or, unlifted, vanishing where all is fine).
 */
export const SHARE_FLOOR = 0.3;

/** The value the heat layer is given for a metric's value (a share, a weakness, a count). */
export function heatWeight(metric: HeatSightMetric, value: number): number {
  return HEAT_AGGREGATION[metric] === 'MEAN' ? SHARE_FLOOR + (1 - SHARE_FLOOR) * value : value;
}

/** A live device's value for a metric; null when it says nothing about it (the signal is history only). */
export function liveWeight(device: DeviceLiveState, metric: HeatSightMetric): number | null {
  const links = totalLinks(device.links ?? {});
  const quality = { connected: device.availability === 1, linksOnline: links.online, linksTotal: links.total };
  switch (metric) {
    case 'poorLinks':
      return linksDownShare(quality);
    case 'noConnection':
      return hasNoLink(quality) ? 1 : 0;
    case 'density':
      return 1;
    case 'signal':
      return null;
  }
}

/** What the page asks the heat for: the metric, and the map's scale as a cell size. */
export interface FleetHeatQuery {
  readonly metric: HeatSightMetric;
  /** The grid cell's side in degrees; the store doubles it while there would be too many cells. */
  readonly cellDegrees: number;
}

/**
 * Heat as deck.gl's binary attributes want it: per cell the members' mean position, the sum of
 * their lifted weights and their number (the layer averages shares by count, see
 * SteadyHeatmapLayer).
 */
export interface FleetHeat {
  readonly positions: Float32Array;
  readonly weights: Float32Array;
  readonly counts: Float32Array;
  /** Cells. */
  readonly length: number;
  /** Located devices the metric weighs (all of them summed into the cells). */
  readonly devices: number;
  /** Devices that changed since the previous heat (all of them after a snapshot or a new query). */
  readonly changed: number;
  readonly reset: boolean;
}

/** A located device as the map's device layer draws it and its tooltip describes it. */
export interface MapDevice {
  readonly id: number;
  readonly name: string;
  readonly position: readonly [number, number];
  readonly connected: boolean;
  readonly linksOnline: number;
  readonly linksTotal: number;
  /** The health rule's word for it (deviceHealth): what its marker's colour and the drill-down say. */
  readonly health: DeviceHealth;
}

/** An area of the map: west, south, east, north in degrees (west above east across the antimeridian). */
export type MapArea = readonly [number, number, number, number];

/** At most this many cells go to the page; beyond it cells grow (a 40-pixel kernel hides it). */
export const MAX_HEAT_CELLS = 6000;
/** At most this many devices are listed for the device layer. */
export const MAX_MAP_DEVICES = 5000;

function positionOf(device: DeviceLiveState): [number, number] | null {
  const [longitude, latitude] = device.location?.coordinate ?? [];
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return null;
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
  return [longitude, latitude];
}

/**
 * The located devices with their weight for the asked metric, patched per delta (a delta costs
 * the devices it names), summed into cells when the page is due a new heat.
 */
export class FleetHeatView {
  /** Each located device with its lifted weight for the query's metric (null: the metric says nothing of it). */
  private readonly located = new Map<
    number,
    { device: DeviceLiveState; position: [number, number]; weight: number | null }
  >();
  /**
   * The same devices as the map shows them, by degree: an area's are found without reading them
   * all. Built at the first question (a marker list, a hover), not with the heat: a snapshot's
   * first heat does not wait for it; kept up to date per delta once built.
   */
  private grid: LocatedGrid | null = null;
  private changedSince = 0;
  private resetSince = true;

  constructor(private query: FleetHeatQuery) {}

  /** A new query; answers whether the heat must be summed again. */
  setQuery(query: FleetHeatQuery): boolean {
    const metricChanged = query.metric !== this.query.metric;
    const same = !metricChanged && query.cellDegrees === this.query.cellDegrees;
    this.query = query;
    if (metricChanged) for (const entry of this.located.values()) entry.weight = this.weightOf(entry.device);
    if (!same) this.resetSince = true;
    return !same;
  }

  reset(devices: Iterable<DeviceLiveState>): void {
    this.located.clear();
    this.grid = null;
    for (const device of devices) this.put(device);
    this.resetSince = true;
  }

  /** Applies a delta; answers whether a located device changed, came or went. */
  update(changed: readonly DeviceLiveState[], removed: readonly number[]): boolean {
    let touched = false;
    for (const id of removed) touched = this.forget(id) || touched;
    for (const device of changed) touched = this.put(device) || touched;
    return touched;
  }

  /** The heat of the current query, summed into cells; the changes since the last one are taken. */
  heat(): FleetHeat {
    let cellDegrees = Math.max(1e-6, this.query.cellDegrees);
    const members: { position: [number, number]; weight: number }[] = [];
    for (const { position, weight } of this.located.values()) if (weight !== null) members.push({ position, weight });
    let cells = sumIntoCells(members, cellDegrees);
    while (cells.length > MAX_HEAT_CELLS) {
      cellDegrees *= 2;
      cells = sumIntoCells(members, cellDegrees);
    }
    const heat: FleetHeat = {
      ...cells,
      devices: members.length,
      changed: this.resetSince ? this.located.size : this.changedSince,
      reset: this.resetSince,
    };
    this.changedSince = 0;
    this.resetSince = false;
    return heat;
  }

  /** The located devices in an area, for the device layer (at most MAX_MAP_DEVICES). */
  devicesIn(area: MapArea): MapDevice[] {
    const found: MapDevice[] = [];
    for (const device of this.gridOf().in(area)) {
      found.push(device);
      if (found.length >= MAX_MAP_DEVICES) break;
    }
    return found;
  }

  /** The located devices of an area as the map shows them (the drill-down's cells). */
  shownIn(area: MapArea): Iterable<MapDevice> {
    return this.gridOf().in(area);
  }

  /** Every located device's position (the fleet's bounds: no grid needed). */
  *positions(): Generator<readonly [number, number]> {
    for (const { position } of this.located.values()) yield position;
  }

  private gridOf(): LocatedGrid {
    if (!this.grid) {
      this.grid = new LocatedGrid();
      for (const { device, position } of this.located.values()) this.grid.put(mapDeviceOf(device, position));
    }
    return this.grid;
  }

  /** Weighed once per change of the device (or of the metric), not at every heat. */
  private weightOf(device: DeviceLiveState): number | null {
    const value = liveWeight(device, this.query.metric);
    return value === null ? null : heatWeight(this.query.metric, value);
  }

  private put(device: DeviceLiveState): boolean {
    const position = positionOf(device);
    if (!position) return this.forget(device.id);
    this.located.set(device.id, { device, position, weight: this.weightOf(device) });
    this.grid?.put(mapDeviceOf(device, position));
    this.changedSince += 1;
    return true;
  }

  private forget(id: number): boolean {
    this.grid?.remove(id);
    return this.located.delete(id);
  }
}

/** A located device as the map shows it. */
export function mapDeviceOf(device: DeviceLiveState, position: readonly [number, number]): MapDevice {
  const links = totalLinks(device.links ?? {});
  return {
    id: device.id,
    name: device.name,
    position: [position[0], position[1]],
    connected: device.availability === 1,
    linksOnline: links.online,
    linksTotal: links.total,
    health: deviceHealth(connectionStatus(device), device.main_app_status, links),
  };
}

/** Sums weighted points into a grid of `cellDegrees`: per cell the mean position, the weight sum and the count. */
export function sumIntoCells(
  points: readonly { readonly position: readonly [number, number]; readonly weight: number }[],
  cellDegrees: number,
): Pick<FleetHeat, 'positions' | 'weights' | 'counts' | 'length'> {
  const columns = Math.ceil(360 / cellDegrees) + 1;
  const slotOf = new Map<number, number>();
  const longitudes: number[] = [];
  const latitudes: number[] = [];
  const weights: number[] = [];
  const counts: number[] = [];
  for (const { position, weight } of points) {
    const [longitude, latitude] = position;
    const key = Math.floor((latitude + 90) / cellDegrees) * columns + Math.floor((longitude + 180) / cellDegrees);
    let slot = slotOf.get(key);
    if (slot === undefined) {
      slot = counts.length;
      slotOf.set(key, slot);
      longitudes.push(0);
      latitudes.push(0);
      weights.push(0);
      counts.push(0);
    }
    longitudes[slot]! += longitude;
    latitudes[slot]! += latitude;
    weights[slot]! += weight;
    counts[slot]! += 1;
  }
  const length = counts.length;
  const positions = new Float32Array(length * 2);
  for (let slot = 0; slot < length; slot += 1) {
    positions[slot * 2] = longitudes[slot]! / counts[slot]!;
    positions[slot * 2 + 1] = latitudes[slot]! / counts[slot]!;
  }
  return { positions, weights: Float32Array.from(weights), counts: Float32Array.from(counts), length };
}
