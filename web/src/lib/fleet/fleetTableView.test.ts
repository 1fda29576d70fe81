import type { DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { fleetRowOf, matchesStatus } from './fleetRows';
import { FleetTableView } from './fleetTableView';

const live = (id: number, change: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id,
  name: `device-${String(id).padStart(3, '0')}`,
  pairing_id: `SN${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 0,
  links: { cellular: { online: 2, total: 2 }, eth: { online: 1, total: 1 } },
  ...change,
});

const FLEET = [live(3), live(1, { availability: 0 }), live(2, { is_activated: false })];

/** A table over a fleet the test changes as a feed would: the map first, then the table told. */
function tableOf(devices: DeviceLiveState[]) {
  const fleet = new Map(devices.map((device) => [device.id, device]));
  const table = new FleetTableView();
  table.reset(fleet);
  table.setWindow(0, 100);
  const apply = (changed: DeviceLiveState[], removed: number[] = []) => {
    for (const device of changed) fleet.set(device.id, device);
    for (const id of removed) fleet.delete(id);
    return table.update(changed, removed);
  };
  return Object.assign(table, { apply });
}

const ids = (table: FleetTableView) => table.window().rows.map((row) => row?.id);

describe('fleetRowOf', () => {
  it('applies the section 4 rules to a live state', () => {
    expect(fleetRowOf(live(1, { gnss_lock: true, versions: { firmware: '6.2', web: '' } }))).toMatchObject({
      connection: 1,
      mainApp: 1,
      linksText: '3/3',
      gnssLock: true,
      versions: '6.2',
      chip: 'connected',
    });
    expect(fleetRowOf(live(1, { availability: 0, main_app_status: 2 }))).toMatchObject({
      connection: 2,
      mainApp: null,
      linksText: '0/3',
      chip: 'notConnected',
    });
    expect(fleetRowOf(live(1, { is_activated: false }))).toMatchObject({ connection: 3, linksText: '-' });
    expect(fleetRowOf(live(1, { availability: 7 })).connection).toBe(4);
    expect(fleetRowOf(live(1, { main_app_status: 2 })).chip).toBe('alert');
    expect(fleetRowOf(live(1, { links: { wifi: { online: 0, total: 1 } } })).chip).toBe('alert');
    expect(fleetRowOf(live(1, { location: { coordinate: [34.8, 32.1], accuracy: 5 } })).locationStatus).toBe(2);
  });

  it('matches main application filters only for connected devices', () => {
    const offline = fleetRowOf(live(1, { main_app_status: 2 }));
    expect(matchesStatus(offline, 'mainAppOffline')).toBe(true);
    expect(matchesStatus(offline, 'alert')).toBe(true);
    expect(matchesStatus(fleetRowOf(live(1, { main_app_status: 2, availability: 0 })), 'mainAppOffline')).toBe(false);
  });
});

describe('FleetTableView', () => {
  it('orders by id, then filters, searches and sorts, ties by name', () => {
    const table = tableOf(FLEET);
    expect(ids(table)).toEqual([1, 2, 3]);
    table.setQuery({ status: 'all', sort: { column: 'connection', direction: 'desc' }, search: '' });
    expect(ids(table)).toEqual([2, 1, 3]);
    table.setQuery({ status: 'notConnected', sort: null, search: '' });
    expect(ids(table)).toEqual([1]);
    expect(table.window()).toMatchObject({ size: 1, total: 3 });
    table.setQuery({ status: 'all', sort: null, search: '  DEVICE-00 ' });
    expect(ids(table)).toEqual([1, 2, 3]);
    table.setQuery({ status: 'all', sort: null, search: 'sn2' });
    expect(ids(table)).toEqual([2]);
  });

  it('gives the rows of the window only, and says when a change touches it', () => {
    const fleet = Array.from({ length: 100 }, (_, index) => live(index + 1));
    const table = tableOf(fleet);
    table.setWindow(10, 20);
    const window = table.window();
    expect(window).toMatchObject({ start: 10, size: 100, total: 100 });
    expect(window.rows.map((row) => row?.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(table.apply([live(50, { availability: 0 })], [])).toEqual({ windowChanged: false, orderStale: false });
    expect(table.apply([live(15, { availability: 0 })], [])).toEqual({ windowChanged: true, orderStale: false });
    expect(table.window().rows[4]?.connection).toBe(2);
    expect(table.window().version).toBeGreaterThan(window.version);
  });

  it('leaves the order as it is until asked, and says when it may be stale', () => {
    const table = tableOf(FLEET);
    table.setQuery({ status: 'connected', sort: null, search: '' });
    expect(ids(table)).toEqual([3]);
    expect(table.apply([live(1), live(3, { availability: 0 })], []).orderStale).toBe(true);
    expect(ids(table)).toEqual([3]);
    table.refreshOrder();
    expect(ids(table)).toEqual([1]);
  });

  it('keeps a removed row’s place empty until the order is made again; a new device makes it stale', () => {
    const table = tableOf(FLEET);
    expect(table.apply([], [2])).toEqual({ windowChanged: true, orderStale: true });
    expect(table.window().rows.map((row) => row?.id ?? null)).toEqual([1, null, 3]);
    expect(table.apply([live(9)], []).orderStale).toBe(true);
    table.refreshOrder();
    expect(ids(table)).toEqual([1, 3, 9]);
    expect(table.apply([], [42])).toEqual({ windowChanged: false, orderStale: false });
  });
});
