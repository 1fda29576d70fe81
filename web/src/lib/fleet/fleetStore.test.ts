import { encodeDevicesSnapshot, type DeviceLiveState } from '@halo/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetExportRequest } from './fleetExport';
import { FleetStore, type FromFleetStore } from './fleetStore';

const live = (id: number, change: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id,
  name: `device-${id}`,
  pairing_id: `SN${id}`,
  type: 1,
  is_server: id % 2 === 0,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 0,
  ...change,
});

function storeOf() {
  const posted: FromFleetStore[] = [];
  const store = new FleetStore(7, (message) => posted.push(message), 500);
  store.handle({
    type: 'snapshot',
    message: encodeDevicesSnapshot({ environmentId: 7, epoch: 'e', seq: 3, devices: [live(1), live(2), live(3)] }),
  });
  return {
    store,
    posted,
    last: <T extends FromFleetStore['type']>(type: T) =>
      posted.findLast((m) => m.type === type) as Extract<FromFleetStore, { type: T }> | undefined,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('FleetStore', () => {
  it('keeps the table’s selection by id, answers its ids and exports every row shown as CSV bytes', () => {
    const NAMES: FleetExportRequest = {
      columns: [{ key: 'name', label: 'Name' }],
      texts: {
        type: {},
        role: { 1: 'Client', 2: 'Server' },
        connection: { 1: 'Connected', 2: 'Not connected', 3: 'Non-activated', 4: '-' },
        mainApp: { 0: 'None', 1: 'Online', 2: 'Offline' },
        location: { 0: 'Unavailable', 1: 'Offline', 2: 'Online' },
        enabled: { enabled: 'Enabled', disabled: 'Disabled' },
        gnss: { locked: 'Locked', noLock: 'No lock' },
      },
    };
    const { store, last } = storeOf();
    store.handle({ type: 'table.selected', requestId: 1 });
    expect(last('table.selected')).toEqual({ type: 'table.selected', requestId: 1, ids: [] });
    store.handle({
      type: 'table.query',
      query: { status: 'all', sort: { column: 'name', direction: 'desc' }, search: '' },
    });
    store.handle({ type: 'table.window', start: 0, end: 1 });
    store.handle({ type: 'table.select', change: { kind: 'toggle', id: 3, range: false } });
    store.handle({ type: 'table.select', change: { kind: 'toggle', id: 1, range: true } });
    expect(last('table')?.window).toMatchObject({ selected: [true], selection: { count: 3, matching: 3 } });
    // A removed device leaves the selection, and the page is told although its row is off screen.
    store.handle({ type: 'delta', delta: { environmentId: 7, epoch: 'e', seq: 4, changed: [], removed: [1] } });
    expect(last('table')?.window.selection).toEqual({ count: 2, matching: 2 });
    store.handle({ type: 'table.selected', requestId: 2 });
    expect([...(last('table.selected')?.ids ?? [])].sort()).toEqual([2, 3]);
    store.handle({
      type: 'table.export',
      requestId: 3,
      request: NAMES,
    });
    const csv = last('table.export')?.csv;
    expect(csv && new TextDecoder().decode(csv)).toBe('Name\r\ndevice-3\r\ndevice-2\r\n');
    store.handle({ type: 'table.close' });
    store.handle({ type: 'table.export', requestId: 4, request: NAMES });
    expect(last('table.export')).toEqual({ type: 'table.export', requestId: 4, csv: null });
  });

  it('says where the stream stands after each message, and what became of it', () => {
    const { store, last } = storeOf();
    expect(last('position')).toEqual({ type: 'position', epoch: 'e', seq: 3, outcome: 'snapshot', devices: 3 });
    store.handle({ type: 'delta', delta: { environmentId: 7, epoch: 'e', seq: 4, changed: [live(4)], removed: [1] } });
    expect(last('position')).toEqual({ type: 'position', epoch: 'e', seq: 4, outcome: 'applied', devices: 2 });
    store.handle({ type: 'delta', delta: { environmentId: 7, epoch: 'e', seq: 9, changed: [], removed: [] } });
    expect(last('position')?.outcome).toBe('gap');
    store.handle({ type: 'delta', delta: { seq: 'five' } });
    expect(last('position')?.outcome).toBe('unreadable');
    store.handle({
      type: 'snapshot',
      message: { environmentId: 7, epoch: 'x', seq: 1, count: 1, encoding: 'json', data: [] },
    });
    expect(last('position')).toMatchObject({ outcome: 'unreadable', epoch: null });
  });

  it('keeps the table the page asked for, posting only the window, and reorders after a pause', () => {
    vi.useFakeTimers();
    const { store, posted, last } = storeOf();
    expect(last('table')).toBeUndefined();
    store.handle({ type: 'table.query', query: { status: 'connected', sort: null, search: '' } });
    store.handle({ type: 'table.window', start: 0, end: 2 });
    expect(last('table')?.window).toMatchObject({ size: 3, total: 3, start: 0 });
    expect(last('table')?.window.rows.map((row) => row?.id)).toEqual([1, 2]);
    const before = posted.length;
    store.handle({
      type: 'delta',
      delta: { environmentId: 7, epoch: 'e', seq: 4, changed: [live(3, { availability: 0 })], removed: [] },
    });
    // Device 3 is outside the window: nothing to post until the reorder.
    expect(posted.slice(before).filter((message) => message.type === 'table')).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(last('table')?.window).toMatchObject({ size: 2 });
    store.handle({ type: 'table.close' });
    store.handle({
      type: 'delta',
      delta: { environmentId: 7, epoch: 'e', seq: 5, changed: [live(1, { availability: 0 })], removed: [] },
    });
    vi.advanceTimersByTime(500);
    expect(last('table')?.window).toMatchObject({ size: 2 });
  });

  it('sends one watched device', () => {
    const { store, posted, last } = storeOf();
    store.handle({ type: 'watch.device', id: 2 });
    expect(last('device')).toEqual({ type: 'device', id: 2, device: live(2) });
    const before = posted.length;
    store.handle({
      type: 'delta',
      delta: { environmentId: 7, epoch: 'e', seq: 4, changed: [live(3, { name: 'three' })], removed: [] },
    });
    expect(posted.slice(before).filter((message) => message.type === 'device')).toHaveLength(0);
    store.handle({ type: 'delta', delta: { environmentId: 7, epoch: 'e', seq: 5, changed: [], removed: [2] } });
    expect(last('device')).toEqual({ type: 'device', id: 2, device: null });
  });

  it('sends the heat and the area’s devices while asked, one of each per interval however many deltas', () => {
    vi.useFakeTimers();
    const { store, posted, last } = storeOf();
    const at = (id: number, longitude: number) => live(id, { location: { coordinate: [longitude, 32], accuracy: 1 } });
    store.handle({
      type: 'delta',
      delta: { environmentId: 7, epoch: 'e', seq: 4, changed: [at(1, 34), at(2, 35)], removed: [] },
    });
    store.handle({ type: 'heat.query', query: { metric: 'density', cellDegrees: 0.5 } });
    store.handle({ type: 'map.area', area: [33.5, 31, 34.5, 33] });
    vi.advanceTimersByTime(0);
    expect(last('heat')?.heat).toMatchObject({ length: 2, devices: 2, reset: true });
    expect(last('map.devices')?.devices.map((device) => device.id)).toEqual([1]);
    const before = posted.length;
    for (let seq = 5; seq < 10; seq += 1)
      store.handle({
        type: 'delta',
        delta: { environmentId: 7, epoch: 'e', seq, changed: [at(seq, 34.1)], removed: [] },
      });
    vi.advanceTimersByTime(500);
    const after = posted.slice(before);
    expect(after.filter((message) => message.type === 'heat')).toHaveLength(1);
    expect(after.filter((message) => message.type === 'map.devices')).toHaveLength(1);
    expect(last('heat')?.heat).toMatchObject({ devices: 7, changed: 5, reset: false });
    expect(last('map.devices')?.devices).toHaveLength(6);
    // Left: no more heat, whatever changes.
    store.handle({ type: 'heat.query', query: null });
    const left = posted.length;
    store.handle({
      type: 'delta',
      delta: { environmentId: 7, epoch: 'e', seq: 10, changed: [at(10, 34)], removed: [] },
    });
    vi.advanceTimersByTime(500);
    expect(posted.slice(left).filter((message) => message.type === 'heat')).toHaveLength(0);
  });
});
