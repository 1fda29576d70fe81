import { describe, expect, it } from 'vitest';
import type { MapDevice } from './fleetHeat';
import { LocatedGrid } from './locatedGrid';

const at = (id: number, longitude: number, latitude: number): MapDevice => ({
  id,
  name: `device-${id}`,
  position: [longitude, latitude],
  connected: true,
  linksOnline: 1,
  linksTotal: 1,
  health: 'healthy',
});

const ids = (devices: Iterable<MapDevice>) => [...devices].map((device) => device.id).sort((a, b) => a - b);

describe('LocatedGrid', () => {
  it('finds an area’s devices, to the edge of a degree and no further', () => {
    const grid = new LocatedGrid();
    for (const device of [at(1, 34.81, 32.1), at(2, 34.99, 32.99), at(3, 35.01, 32.1), at(4, 2.35, 48.85)])
      grid.put(device);
    expect(grid.size).toBe(4);
    expect(ids(grid.in([34.7, 32, 34.9, 32.2]))).toEqual([1]);
    expect(ids(grid.in([34, 32, 36, 33]))).toEqual([1, 2, 3]);
    expect(ids(grid.in([-180, -85, 180, 85]))).toEqual([1, 2, 3, 4]);
    expect(ids(grid.in([10, 10, 11, 11]))).toEqual([]);
  });

  it('reads an area across the antimeridian on both sides of it', () => {
    const grid = new LocatedGrid();
    for (const device of [at(1, 179.5, -17), at(2, -179.5, -17), at(3, 0, -17), at(4, 180, -17)]) grid.put(device);
    expect(ids(grid.in([179, -18, -179, -16]))).toEqual([1, 2, 4]);
  });

  it('follows a device that moves, and forgets one removed', () => {
    const grid = new LocatedGrid();
    grid.put(at(1, 34.8, 32.1));
    grid.put(at(1, 2.35, 48.85));
    expect(ids(grid.in([34, 32, 35, 33]))).toEqual([]);
    expect(ids(grid.in([2, 48, 3, 49]))).toEqual([1]);
    expect(grid.size).toBe(1);
    grid.remove(1);
    grid.remove(1);
    expect(grid.size).toBe(0);
    expect(ids(grid.all())).toEqual([]);
    grid.put(at(2, 0, 0));
    grid.clear();
    expect(ids(grid.in([-1, -1, 1, 1]))).toEqual([]);
  });

  it('gives the same devices whether it reads the area’s degrees or, for a wide area, its devices’', () => {
    const grid = new LocatedGrid();
    const devices = Array.from({ length: 500 }, (_unused, index) =>
      at(index, ((index * 37) % 360) - 180, ((index * 11) % 170) - 85),
    );
    for (const device of devices) grid.put(device);
    const area = [-20, -30, 40, 30] as const;
    const expected = devices
      .filter(
        ({ position: [longitude, latitude] }) =>
          longitude >= -20 && longitude <= 40 && latitude >= -30 && latitude <= 30,
      )
      .map((device) => device.id)
      .sort((a, b) => a - b);
    expect(ids(grid.in(area))).toEqual(expected);
    const sparse = new LocatedGrid();
    sparse.put(devices[0]!);
    expect(ids(sparse.in([-180, -85, 180, 85]))).toEqual([0]);
  });
});
