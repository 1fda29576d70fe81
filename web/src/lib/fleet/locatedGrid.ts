import type { MapArea, MapDevice } from './fleetHeat';

const COLUMNS = 360;
const ROWS = 180;

const columnOf = (longitude: number) => Math.min(COLUMNS - 1, Math.max(0, Math.floor(longitude + 180)));
const rowOf = (latitude: number) => Math.min(ROWS - 1, Math.max(0, Math.floor(latitude + 90)));

const inArea = ([west, south, east, north]: MapArea, [longitude, latitude]: readonly [number, number]) =>
  latitude >= south &&
  latitude <= north &&
  (west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east);

/**
 * The located devices by whole degree of longitude and latitude, so an area's devices (a cell
 * under the pointer, the view's markers) are found by reading the degrees it covers rather
 * than the whole fleet. Kept up to date per device as deltas come.
 */
export class LocatedGrid {
  private readonly buckets = new Map<number, Map<number, MapDevice>>();
  private readonly bucketOf = new Map<number, number>();

  get size(): number {
    return this.bucketOf.size;
  }

  put(device: MapDevice): void {
    const key = rowOf(device.position[1]) * COLUMNS + columnOf(device.position[0]);
    const before = this.bucketOf.get(device.id);
    if (before !== undefined && before !== key) this.remove(device.id);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new Map();
      this.buckets.set(key, bucket);
    }
    bucket.set(device.id, device);
    this.bucketOf.set(device.id, key);
  }

  remove(id: number): void {
    const key = this.bucketOf.get(id);
    if (key === undefined) return;
    this.bucketOf.delete(id);
    const bucket = this.buckets.get(key);
    bucket?.delete(id);
    if (bucket?.size === 0) this.buckets.delete(key);
  }

  clear(): void {
    this.buckets.clear();
    this.bucketOf.clear();
  }

  /** Every located device. */
  *all(): Generator<MapDevice> {
    for (const bucket of this.buckets.values()) yield* bucket.values();
  }

  /** The devices in an area (west above east: across the antimeridian). */
  *in(area: MapArea): Generator<MapDevice> {
    const [west, south, east, north] = area;
    const firstRow = rowOf(south);
    const lastRow = rowOf(north);
    const columns: readonly (readonly [number, number])[] =
      west <= east
        ? [[columnOf(west), columnOf(east)]]
        : [
            [columnOf(west), COLUMNS - 1],
            [0, columnOf(east)],
          ];
    let covered = 0;
    for (const [first, last] of columns) covered += (lastRow - firstRow + 1) * Math.max(0, last - first + 1);
    // A wide area covers more degrees than hold devices: read the devices' degrees instead.
    if (covered > this.buckets.size) {
      for (const device of this.all()) if (inArea(area, device.position)) yield device;
      return;
    }
    for (let row = firstRow; row <= lastRow; row += 1)
      for (const [first, last] of columns)
        for (let column = first; column <= last; column += 1) {
          const bucket = this.buckets.get(row * COLUMNS + column);
          if (bucket) for (const device of bucket.values()) if (inArea(area, device.position)) yield device;
        }
  }
}
