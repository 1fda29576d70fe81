import { parseCsv, type DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import type { FleetCellTexts, FleetExportRequest } from './fleetExport';
import { testLiveDevice } from '../../testing/deviceFixtures';
import { FleetTableView } from './fleetTableView';

/** Device `id`, connected, one of its two links up, reporting no versions. */
const live = (id: number, change: Partial<DeviceLiveState> = {}): DeviceLiveState =>
  testLiveDevice({
    id,
    name: `device-${id}`,
    pairing_id: `SN${id}`,
    links: { cellular: { online: 1, total: 2 } },
    versions: {},
    ...change,
  });

const TEXTS: FleetCellTexts = {
  type: { 1: 'HALO', 2: 'DRONECOMMX' },
  role: { 1: 'Client', 2: 'Server' },
  connection: { 1: 'Connected', 2: 'Not connected', 3: 'Non-activated', 4: '-' },
  mainApp: { 0: 'None', 1: 'Online', 2: 'Offline' },
  location: { 0: 'Unavailable', 1: 'Offline', 2: 'Online' },
  gnss: { locked: 'Locked', noLock: 'No lock' },
  enabled: { enabled: 'Enabled', disabled: 'Disabled' },
};

const REQUEST: FleetExportRequest = {
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'connection', label: 'Connection' },
    { key: 'mainApp', label: 'Main app' },
    { key: 'links', label: 'Links' },
    { key: 'gnss', label: 'GNSS lock' },
    { key: 'versions', label: 'Versions' },
  ],
  texts: TEXTS,
};

function tableOf(devices: DeviceLiveState[]) {
  const table = new FleetTableView();
  table.reset(new Map(devices.map((device) => [device.id, device])));
  // The window is small: the export is of every row the query shows, not of the window.
  table.setWindow(0, 1);
  return table;
}

describe('the Devices CSV export', () => {
  it('writes every row the filter and sort show, in their order, with the cells as the table says them (a dash empty)', () => {
    const table = tableOf([
      live(1),
      live(2, { availability: 0 }),
      live(3, { name: 'alpha', gnss_lock: true, versions: { firmware: '6.2', web: '1.0' } }),
      live(4, { is_activated: false }),
    ]);
    table.setQuery({ status: 'connected', sort: { column: 'name', direction: 'asc' }, search: '' });
    expect(parseCsv(table.exportCsv(REQUEST))).toEqual([
      ['Name', 'Connection', 'Main app', 'Links', 'GNSS lock', 'Versions'],
      ['alpha', 'Connected', 'Online', '1/2', 'Locked', '6.2, 1.0'],
      ['device-1', 'Connected', 'Online', '1/2', '', ''],
    ]);
    table.setQuery({ status: 'all', sort: null, search: 'device-', enabled: 'all' });
    expect(parseCsv(table.exportCsv(REQUEST)).map((line) => line.slice(0, 3))).toEqual([
      ['Name', 'Connection', 'Main app'],
      ['device-1', 'Connected', 'Online'],
      ['device-2', 'Not connected', ''],
      ['device-4', 'Non-activated', ''],
    ]);
  });

  it('says whether each device is enabled, the names of its groups and its coordinates (none where it has none)', () => {
    const table = tableOf([
      live(1, { location: { coordinate: [-122.41, 37.77], accuracy: 5 } }),
      live(2, { is_enabled: false, location: null }),
      live(3, { location: { coordinate: [34.78, 32.08], accuracy: 5 } }),
    ]);
    const csv = table.exportCsv({
      columns: [
        { key: 'name', label: 'Name' },
        { key: 'enabled', label: 'Enabled' },
        { key: 'groups', label: 'Groups' },
        { key: 'latitude', label: 'Latitude' },
        { key: 'longitude', label: 'Longitude' },
      ],
      texts: TEXTS,
      // A group named as a formula stays text.
      groups: { 1: ['north', '=cmd()'], 2: ['south'] },
    });
    expect(parseCsv(csv)).toEqual([
      ['Name', 'Enabled', 'Groups', 'Latitude', 'Longitude'],
      ['device-1', 'Enabled', 'north; =cmd()', '37.77', '-122.41'],
      ['device-2', 'Disabled', 'south', '', ''],
      ['device-3', 'Enabled', '', '32.08', '34.78'],
    ]);
    // A negative coordinate is a number, not a formula: written as it is.
    expect(csv).toContain(',37.77,-122.41\r\n');
  });

  it('neutralises cells a spreadsheet would run as formulas, and quotes what needs quoting', () => {
    const table = tableOf([live(1, { name: '=HYPERLINK("http://x")' }), live(2, { name: '@SUM(A1), "b"' })]);
    const csv = table.exportCsv({ columns: [{ key: 'name', label: '+Name' }], texts: TEXTS });
    expect(csv).toBe(`'+Name\r\n"'=HYPERLINK(""http://x"")"\r\n"'@SUM(A1), ""b"""\r\n`);
  });

  it('filters by type, role and enabled state', () => {
    const table = tableOf([
      live(1),
      live(2, { type: 2 }),
      live(3, { is_server: true }),
      live(4, { is_enabled: false, type: 2 }),
    ]);
    const names = () => parseCsv(table.exportCsv({ columns: [{ key: 'name', label: 'Name' }], texts: TEXTS })).slice(1);
    table.setQuery({ status: 'all', sort: null, search: '', type: 'dronecommx' });
    expect(names()).toEqual([['device-2'], ['device-4']]);
    table.setQuery({ status: 'all', sort: null, search: '', role: 'server' });
    expect(names()).toEqual([['device-3']]);
    table.setQuery({ status: 'all', sort: null, search: '', type: 'dronecommx', enabled: 'enabled' });
    expect(names()).toEqual([['device-2']]);
  });
});
