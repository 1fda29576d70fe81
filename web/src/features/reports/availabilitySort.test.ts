import type { DeviceAvailability } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY_SORT, nextSort, sortAvailability } from './availabilitySort';

const row = (
  device_id: number,
  name: string,
  availability: number | null,
  outages: number,
  mttr_ms: number | null,
): DeviceAvailability => ({
  device_id,
  name,
  availability,
  outages,
  mttr_ms,
  observed_ms: availability === null ? 0 : 1000,
  connected_ms: availability === null ? 0 : Math.round(availability * 1000),
});

const rows = [
  row(1, 'gate-10', 0.9, 2, 60_000),
  row(2, 'gate-2', null, 0, null),
  row(3, 'Gate-3', 0.5, 5, 600_000),
  row(4, 'hub', 0.9, 1, null),
  row(5, 'alpha', 1, 0, null),
];
const ids = (sorted: readonly DeviceAvailability[]) => sorted.map((entry) => entry.device_id);

describe('the availability table’s order', () => {
  it('puts the least available first, nothing observed last, equal figures by name', () => {
    expect(ids(sortAvailability(rows, DEFAULT_AVAILABILITY_SORT))).toEqual([3, 1, 4, 5, 2]);
    expect(ids(sortAvailability(rows, { column: 'availability', direction: 'desc' }))).toEqual([5, 1, 4, 3, 2]);
  });

  it('sorts by outages, time to recover and name, a missing figure last either way', () => {
    expect(ids(sortAvailability(rows, { column: 'outages', direction: 'desc' }))).toEqual([3, 1, 4, 5, 2]);
    expect(ids(sortAvailability(rows, { column: 'mttr', direction: 'desc' }))).toEqual([3, 1, 5, 2, 4]);
    expect(ids(sortAvailability(rows, { column: 'mttr', direction: 'asc' }))).toEqual([1, 3, 5, 2, 4]);
    // Names in their natural order, case aside: gate-2 before Gate-3 before gate-10.
    expect(ids(sortAvailability(rows, { column: 'name', direction: 'asc' }))).toEqual([5, 2, 3, 1, 4]);
  });

  it('leaves the rows it was given as they were', () => {
    const copy = [...rows];
    sortAvailability(rows, { column: 'name', direction: 'desc' });
    expect(rows).toEqual(copy);
  });

  it('turns a column round when clicked again, and starts another where attention is needed', () => {
    expect(nextSort(DEFAULT_AVAILABILITY_SORT, 'availability')).toEqual({ column: 'availability', direction: 'desc' });
    expect(nextSort(DEFAULT_AVAILABILITY_SORT, 'outages')).toEqual({ column: 'outages', direction: 'desc' });
    expect(nextSort(DEFAULT_AVAILABILITY_SORT, 'name')).toEqual({ column: 'name', direction: 'asc' });
  });
});
