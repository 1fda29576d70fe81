import type { Device, DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { buildDeviceRow, DevicesTableModel, matchesStatus } from './devicesTableModel';

const device = (id: number, change: Partial<Device> = {}): Device => ({
  id,
  name: `device-${String(id).padStart(3, '0')}`,
  pairing_id: `SN${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  upgrade_policy: null,
  ...change,
});

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

describe('buildDeviceRow', () => {
  it('joins the listed device with its live state, the live state winning', () => {
    const row = buildDeviceRow(
      device(1, { availability: 0 }),
      live(1, { gnss_lock: true, versions: { firmware: '6.2' } }),
    );
    expect(row).toMatchObject({
      connection: 1,
      mainApp: 1,
      linksText: '3/3',
      gnssLock: true,
      versions: '6.2',
      chip: 'connected',
    });
  });

  it('shows the main app status only when connected and links 0/total when not', () => {
    const row = buildDeviceRow(device(1), live(1, { availability: 0, main_app_status: 2 }));
    expect(row).toMatchObject({ connection: 2, mainApp: null, linksText: '0/3', chip: 'notConnected' });
  });

  it('shows non-activated with links - before anything else', () => {
    const row = buildDeviceRow(device(1, { is_activated: false, availability: 1 }));
    expect(row).toMatchObject({ connection: 3, mainApp: null, linksText: '-', chip: 'notActivated' });
  });

  it("shows '-' for any other availability", () => {
    expect(buildDeviceRow(device(1, { availability: 7 })).connection).toBe(4);
    expect(buildDeviceRow(device(1, { availability: null })).chip).toBe('notConnected');
  });

  it('raises the alert chip for a connected device whose application or a link is down', () => {
    expect(buildDeviceRow(device(1), live(1, { main_app_status: 2 })).chip).toBe('alert');
    expect(buildDeviceRow(device(1), live(1, { links: { wifi: { online: 0, total: 1 } } })).chip).toBe('alert');
  });

  it('counts links from the listed device when there is no live state, and derives the location status', () => {
    const row = buildDeviceRow(
      device(1, {
        halo_data_links_info: {
          cellular: [
            { port: 1, is_online: true },
            { port: 2, is_online: false },
          ],
          eth: [],
          wifi: [],
          vlan: [],
          vpn: [],
        },
        latest_location: { coordinate: [34.8, 32.1], accuracy: 5 },
      }),
    );
    expect(row.linksText).toBe('1/2');
    expect(row.locationStatus).toBe(2);
    expect(
      buildDeviceRow(device(2, { availability: 0, latest_location: { coordinate: [34.8, 32.1], accuracy: 5 } }))
        .locationStatus,
    ).toBe(1);
    expect(buildDeviceRow(device(3)).locationStatus).toBe(0);
  });
});

describe('DevicesTableModel', () => {
  const listed = [device(3), device(1, { availability: 0 }), device(2, { is_activated: false })];

  it('filters by status and sorts, ties by name', () => {
    const model = new DevicesTableModel();
    model.setDevices(listed);
    expect(model.visibleRows().map((row) => row.id)).toEqual([3, 1, 2]);
    model.setQuery({ status: 'all', sort: { column: 'name', direction: 'asc' } });
    expect(model.visibleRows().map((row) => row.id)).toEqual([1, 2, 3]);
    model.setQuery({ status: 'all', sort: { column: 'connection', direction: 'desc' } });
    expect(model.visibleRows().map((row) => row.id)).toEqual([2, 1, 3]);
    model.setQuery({ status: 'notConnected', sort: null });
    expect(model.visibleRows().map((row) => row.id)).toEqual([1]);
    expect(model.size).toBe(1);
    expect(model.total).toBe(3);
  });

  it('patches only the rows a live batch names and says when the order may be stale', () => {
    const model = new DevicesTableModel();
    model.setDevices(listed);
    const untouched = model.row(3);
    const devices = new Map([[1, live(1)]]);
    expect(model.applyLive({ reset: false, changed: [live(1)], removed: [], devices })).toBe(false);
    expect(model.row(1)?.connection).toBe(1);
    expect(model.row(3)).toBe(untouched);

    model.setQuery({ status: 'connected', sort: null });
    expect(model.applyLive({ reset: false, changed: [live(3, { availability: 0 })], removed: [], devices })).toBe(true);
    // The order changes only when asked.
    expect(model.visibleRows().map((row) => row.id)).toEqual([3, 1]);
    model.refreshOrder();
    expect(model.visibleRows().map((row) => row.id)).toEqual([1]);
  });

  it('tells the subscribers of the rows a batch changed, not the table nor the other rows', () => {
    const model = new DevicesTableModel();
    model.setDevices(listed);
    const calls: string[] = [];
    model.subscribe(() => calls.push('table'));
    model.subscribeRow(1, () => calls.push(`row 1: ${model.row(1)?.connection}`));
    const stop = model.subscribeRow(3, () => calls.push('row 3'));
    model.applyLive({ reset: false, changed: [live(1)], removed: [], devices: new Map() });
    expect(calls).toEqual(['row 1: 1']);
    stop();
    model.applyLive({ reset: false, changed: [live(3)], removed: [1], devices: new Map() });
    expect(calls).toEqual(['row 1: 1', 'row 1: 2']);
    model.refreshOrder();
    expect(calls.at(-1)).toBe('table');
  });

  it('filters and sorts on the live state of rows nobody read since the batch', () => {
    const model = new DevicesTableModel();
    model.setDevices(listed);
    model.setQuery({ status: 'connected', sort: null });
    expect(model.visibleRows().map((row) => row.id)).toEqual([3]);
    model.applyLive({
      reset: false,
      changed: [live(1), live(3, { availability: 0 })],
      removed: [],
      devices: new Map(),
    });
    model.refreshOrder();
    expect(model.visibleRows().map((row) => row.id)).toEqual([1]);
  });

  it('ignores live devices it does not list and falls back to the listed state when one is removed', () => {
    const model = new DevicesTableModel();
    model.setDevices(listed);
    expect(model.applyLive({ reset: false, changed: [live(99)], removed: [], devices: new Map() })).toBe(false);
    model.applyLive({ reset: false, changed: [live(1)], removed: [], devices: new Map() });
    model.applyLive({ reset: false, changed: [], removed: [1], devices: new Map() });
    expect(model.row(1)?.connection).toBe(2);
  });

  it('rejoins every row after a snapshot and keeps rows whose device and live state did not change', () => {
    const model = new DevicesTableModel();
    model.setDevices(listed);
    model.applyLive({ reset: true, changed: [], removed: [], devices: new Map([[2, live(2)]]) });
    expect(model.row(2)?.connection).toBe(1);
    const kept = model.row(3);
    model.setDevices(listed);
    expect(model.row(3)).toBe(kept);
  });
});

describe('matchesStatus', () => {
  it('matches main application filters only for connected devices', () => {
    const offline = buildDeviceRow(device(1, { main_app_status: 2 }));
    expect(matchesStatus(offline, 'mainAppOffline')).toBe(true);
    expect(matchesStatus(offline, 'alert')).toBe(true);
    expect(matchesStatus(buildDeviceRow(device(1, { main_app_status: 2, availability: 0 })), 'mainAppOffline')).toBe(
      false,
    );
  });
});
