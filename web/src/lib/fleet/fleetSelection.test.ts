import type { DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { testLiveDevice } from '../../testing/deviceFixtures';
import { FleetTableView } from './fleetTableView';

/** Device `id`, connected, named so that names sort as ids do. */
const live = (id: number, change: Partial<DeviceLiveState> = {}): DeviceLiveState =>
  testLiveDevice({ id, name: `device-${String(id).padStart(3, '0')}`, pairing_id: `SN${id}`, ...change });

/** A table of devices 1..count whose names sort in reverse of their ids when sorted by name descending. */
function tableOf(count: number) {
  const fleet = new Map(Array.from({ length: count }, (_, index) => [index + 1, live(index + 1)] as const));
  const table = new FleetTableView();
  table.reset(fleet);
  table.setWindow(0, count);
  const apply = (changed: DeviceLiveState[], removed: number[] = []) => {
    for (const device of changed) fleet.set(device.id, device);
    for (const id of removed) fleet.delete(id);
    return table.update(changed, removed);
  };
  return { table, fleet, apply };
}

const selectedIds = (table: FleetTableView) => [...table.selectedIds()].sort((a, b) => a - b);
const checked = (table: FleetTableView) => {
  const window = table.window();
  return window.rows.flatMap((row, index) => (row && window.selected[index] ? [row.id] : []));
};

describe('the Devices table selection', () => {
  it('toggles by id and keeps it when the table is sorted again', () => {
    const { table } = tableOf(5);
    table.select({ kind: 'toggle', id: 2, range: false });
    table.select({ kind: 'toggle', id: 4, range: false });
    expect(checked(table)).toEqual([2, 4]);
    table.setQuery({ status: 'all', sort: { column: 'name', direction: 'desc' }, search: '' });
    // Rows 5,4,3,2,1: the same devices stay checked in their new places.
    expect(table.window().rows.map((row) => row?.id)).toEqual([5, 4, 3, 2, 1]);
    expect(table.window().selected).toEqual([false, true, false, true, false]);
    table.select({ kind: 'toggle', id: 4, range: false });
    expect(selectedIds(table)).toEqual([2]);
  });

  it('selects a range between the last row clicked and this one in the current order', () => {
    const { table } = tableOf(8);
    table.select({ kind: 'toggle', id: 2, range: false });
    table.select({ kind: 'toggle', id: 5, range: true });
    expect(selectedIds(table)).toEqual([2, 3, 4, 5]);

    // After a re-sort the range follows the order on screen, not the ids.
    table.select({ kind: 'clear' });
    table.setQuery({ status: 'all', sort: { column: 'name', direction: 'desc' }, search: '' });
    table.select({ kind: 'toggle', id: 7, range: false });
    table.select({ kind: 'toggle', id: 4, range: true });
    expect(selectedIds(table)).toEqual([4, 5, 6, 7]);

    // A range takes the state the last row clicked was given: unchecking 5 then shift-clicking 7 unchecks 5..7.
    table.select({ kind: 'toggle', id: 5, range: false });
    table.select({ kind: 'toggle', id: 7, range: true });
    expect(selectedIds(table)).toEqual([4]);
  });

  it('treats a shift-click with no row clicked before, or one the filter hides, as a plain click', () => {
    const { table } = tableOf(6);
    table.select({ kind: 'toggle', id: 3, range: true });
    expect(selectedIds(table)).toEqual([3]);
    table.setQuery({ status: 'all', sort: null, search: 'sn5' });
    table.select({ kind: 'toggle', id: 5, range: true });
    expect(selectedIds(table)).toEqual([3, 5]);
  });

  it('selects every row the filter shows, and counts those the filter hides apart', () => {
    const { table, apply } = tableOf(6);
    apply([live(2, { availability: 0 }), live(5, { availability: 0 })]);
    table.refreshOrder();
    table.select({ kind: 'toggle', id: 1, range: false });
    table.setQuery({ status: 'notConnected', sort: null, search: '' });
    expect(table.window().selection).toEqual({ count: 1, matching: 0 });
    table.select({ kind: 'matching' });
    expect(selectedIds(table)).toEqual([1, 2, 5]);
    expect(table.window().selection).toEqual({ count: 3, matching: 2 });
    table.setQuery({ status: 'all', sort: null, search: '' });
    expect(table.window().selection).toEqual({ count: 3, matching: 3 });
  });

  it('checks and unchecks the rows on screen (the header), and clears', () => {
    const { table } = tableOf(5);
    table.select({ kind: 'set', ids: [1, 2, 3], selected: true });
    table.select({ kind: 'set', ids: [2], selected: false });
    expect(selectedIds(table)).toEqual([1, 3]);
    expect(table.select({ kind: 'clear' })).toBe(true);
    expect(table.select({ kind: 'clear' })).toBe(false);
    expect(table.window().selection).toEqual({ count: 0, matching: 0 });
  });

  it('keeps only devices that still exist, across live updates and a new snapshot', () => {
    const { table, fleet, apply } = tableOf(5);
    table.select({ kind: 'set', ids: [1, 2, 3, 4], selected: true });
    const before = table.window().version;
    // A removed device leaves the selection, and the page hears of it even when its row is off screen.
    table.setWindow(0, 1);
    expect(apply([], [3]).windowChanged).toBe(true);
    expect(table.window().version).toBeGreaterThan(before);
    expect(table.window().selection.count).toBe(3);
    // Selecting every row shown does not bring back a device removed since the order was made.
    table.select({ kind: 'matching' });
    expect(selectedIds(table)).toEqual([1, 2, 4, 5]);
    // An unknown id is never selected.
    table.select({ kind: 'set', ids: [42], selected: true });
    expect(selectedIds(table)).toEqual([1, 2, 4, 5]);
    fleet.delete(4);
    table.reset(fleet);
    expect(selectedIds(table)).toEqual([1, 2, 5]);
  });
});
