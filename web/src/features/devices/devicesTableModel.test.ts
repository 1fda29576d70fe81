import type { Device, DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { buildDeviceRow } from './devicesTableModel';

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
