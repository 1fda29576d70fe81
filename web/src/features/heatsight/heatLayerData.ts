import type { DeviceLiveState, HeatSightHistory, HeatSightMetric } from '@halo/shared';
import type { FleetBatch } from '../../lib/fleet';
import { heatWeight, historyWeight, liveWeight } from './heatMetrics';

/** Binary data as deck.gl layers take it: a length and typed arrays, no object per point. */
export interface HeatData {
  readonly length: number;
  readonly attributes: {
    readonly getPosition: { readonly value: Float32Array; readonly size: 2 };
    readonly getWeight: { readonly value: Float32Array; readonly size: 1 };
  };
}

const heatData = (positions: Float32Array, weights: Float32Array, length: number): HeatData => ({
  length,
  attributes: {
    getPosition: { value: positions.subarray(0, length * 2), size: 2 },
    getWeight: { value: weights.subarray(0, length), size: 1 },
  },
});

/** A located live device as the map's device layer draws it. */
export interface MapDevice {
  readonly id: number;
  readonly name: string;
  readonly position: [number, number];
  readonly state: DeviceLiveState;
}

function positionOf(device: DeviceLiveState): [number, number] | null {
  const coordinate = device.location?.coordinate;
  const [longitude, latitude] = coordinate ?? [];
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return null;
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
  return [longitude, latitude];
}

/**
 * The live fleet as heat: one slot per located device in typed arrays patched in place from
 * the FleetFeed's batches (a changed device rewrites its slot, a removed one is swapped with
 * the last), so a delta costs the devices it names, not the fleet. A metric a device says
 * nothing about (no signal live) leaves it out of that metric's heat.
 */
export class LiveHeat {
  private readonly slotOf = new Map<number, number>();
  private ids: number[] = [];
  private devices: DeviceLiveState[] = [];
  private positions = new Float32Array(0);
  private weights = new Float32Array(0);
  private capacity = 0;
  private current: HeatData | null = null;
  /** Bumped whenever the data changed: a layer's update trigger. */
  version = 0;

  constructor(private metric: HeatSightMetric) {}

  get length(): number {
    return this.ids.length;
  }

  /** Applies one frame of the feed; answers whether the heat changed. */
  apply(batch: FleetBatch): boolean {
    let touched = false;
    if (batch.reset) {
      this.slotOf.clear();
      this.ids = [];
      this.devices = [];
      for (const device of batch.devices.values()) this.put(device);
      touched = true;
    } else {
      for (const id of batch.removed) touched = this.remove(id) || touched;
      for (const device of batch.changed) touched = this.put(device) || touched;
    }
    if (touched) this.changed();
    return touched;
  }

  /** Another metric: every slot's weight again. */
  setMetric(metric: HeatSightMetric): void {
    if (metric === this.metric) return;
    this.metric = metric;
    const devices = this.devices;
    this.slotOf.clear();
    this.ids = [];
    this.devices = [];
    for (const device of devices) this.put(device);
    this.changed();
  }

  data(): HeatData {
    this.current ??= heatData(this.positions, this.weights, this.ids.length);
    return this.current;
  }

  /** The located devices, for the device layer and its tooltips. */
  mapDevices(): MapDevice[] {
    const found: MapDevice[] = [];
    for (let slot = 0; slot < this.ids.length; slot += 1) {
      const device = this.devices[slot];
      if (!device) continue;
      found.push({
        id: device.id,
        name: device.name,
        position: [this.positions[slot * 2] ?? 0, this.positions[slot * 2 + 1] ?? 0],
        state: device,
      });
    }
    return found;
  }

  private changed() {
    this.current = null;
    this.version += 1;
  }

  private grow(needed: number) {
    if (needed <= this.capacity) return;
    const capacity = Math.max(1024, this.capacity * 2, needed);
    const positions = new Float32Array(capacity * 2);
    positions.set(this.positions);
    const weights = new Float32Array(capacity);
    weights.set(this.weights);
    this.positions = positions;
    this.weights = weights;
    this.capacity = capacity;
  }

  private put(device: DeviceLiveState): boolean {
    const position = positionOf(device);
    const weight = position ? liveWeight(device, this.metric) : null;
    if (!position || weight === null) return this.remove(device.id);
    let slot = this.slotOf.get(device.id);
    if (slot === undefined) {
      slot = this.ids.length;
      this.grow(slot + 1);
      this.slotOf.set(device.id, slot);
      this.ids.push(device.id);
      this.devices.push(device);
    } else {
      this.devices[slot] = device;
    }
    this.positions[slot * 2] = position[0];
    this.positions[slot * 2 + 1] = position[1];
    this.weights[slot] = heatWeight(this.metric, weight);
    return true;
  }

  private remove(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const last = this.ids.length - 1;
    const lastId = this.ids[last];
    const lastDevice = this.devices[last];
    if (slot !== last && lastId !== undefined && lastDevice) {
      this.ids[slot] = lastId;
      this.devices[slot] = lastDevice;
      this.slotOf.set(lastId, slot);
      this.positions[slot * 2] = this.positions[last * 2] ?? 0;
      this.positions[slot * 2 + 1] = this.positions[last * 2 + 1] ?? 0;
      this.weights[slot] = this.weights[last] ?? 0;
    }
    this.ids.pop();
    this.devices.pop();
    this.slotOf.delete(id);
    return true;
  }
}

/** One metric's view of a history: the rows that say something about it, in time order. */
export interface HistoryHeat {
  readonly positions: Float32Array;
  readonly weights: Float32Array;
  readonly times: Float64Array;
  readonly length: number;
}

export function historyHeat(history: HeatSightHistory, metric: HeatSightMetric): HistoryHeat {
  const positions = new Float32Array(history.rows * 2);
  const weights = new Float32Array(history.rows);
  const times = new Float64Array(history.rows);
  let length = 0;
  for (let index = 0; index < history.rows; index += 1) {
    const weight = historyWeight(history, index, metric);
    if (weight === null) continue;
    positions[length * 2] = history.positions[index * 2] ?? 0;
    positions[length * 2 + 1] = history.positions[index * 2 + 1] ?? 0;
    weights[length] = heatWeight(metric, weight);
    times[length] = history.times[index] ?? 0;
    length += 1;
  }
  return { positions, weights, times, length };
}

/** The first index whose time is at least `time` (strictly above it with `after`); times ascend. */
function searchTime(times: Float64Array, length: number, time: number, after: boolean): number {
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
  return heatData(heat.positions.subarray(start * 2), heat.weights.subarray(start), end - start);
}
