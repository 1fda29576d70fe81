import type { DeviceAvailability } from '@halo/shared';

export const AVAILABILITY_COLUMNS = ['name', 'availability', 'outages', 'mttr'] as const;
export type AvailabilityColumn = (typeof AVAILABILITY_COLUMNS)[number];

export interface AvailabilitySort {
  readonly column: AvailabilityColumn;
  readonly direction: 'asc' | 'desc';
}

/** The order the page opens in: the least available first (the provider answers the devices by id). */
export const DEFAULT_AVAILABILITY_SORT: AvailabilitySort = { column: 'availability', direction: 'asc' };

/** The direction a column starts in: what needs attention first (least available, most outages, longest to recover), names A-Z. */
const FIRST_DIRECTION: Readonly<Record<AvailabilityColumn, AvailabilitySort['direction']>> = {
  name: 'asc',
  availability: 'asc',
  outages: 'desc',
  mttr: 'desc',
};

const valueOf = (row: DeviceAvailability, column: Exclude<AvailabilityColumn, 'name'>): number | null =>
  column === 'availability' ? row.availability : column === 'outages' ? row.outages : row.mttr_ms;

const byName = (a: DeviceAvailability, b: DeviceAvailability) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }) || a.device_id - b.device_id;

/**
 * The rows in the order asked: a figure of none (nothing observed, no outage ended) last in
 * either direction, equal figures by name.
 */
export function sortAvailability(rows: readonly DeviceAvailability[], sort: AvailabilitySort): DeviceAvailability[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const { column } = sort;
  if (column === 'name') return [...rows].sort((a, b) => sign * byName(a, b));
  return [...rows].sort((a, b) => {
    const left = valueOf(a, column);
    const right = valueOf(b, column);
    if (left === null || right === null) return left === right ? byName(a, b) : left === null ? 1 : -1;
    return sign * (left - right) || byName(a, b);
  });
}

/** A heading clicked: the same column turns round, another starts in its first direction. */
export function nextSort(current: AvailabilitySort, column: AvailabilityColumn): AvailabilitySort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: FIRST_DIRECTION[column] };
}
