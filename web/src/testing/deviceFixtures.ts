import { DeviceType, type Alarm, type Device, type DeviceLiveState, type DeviceTimeline } from '@halo/shared';

/** A device's record (GET devices) for component tests: gate-north, id 7, a connected HALO client. */
export function testDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 7,
    name: 'gate-north',
    pairing_id: 'SN-0007',
    type: DeviceType.HALO,
    product_type: 'HALO-X2',
    is_server: false,
    is_enabled: true,
    is_activated: true,
    availability: 1,
    main_app_status: 1,
    halo_system_report: { firmware_version: '4.2.0' },
    latest_location: { coordinate: [34.78, 32.08], accuracy: 5, altitude: 30 },
    upgrade_policy: {
      is_auto_upgrade_enabled: true,
      allowed_days: [1, 2, 3],
      allowed_hours: [0, 1, 2, 3, 8],
      fixed_version: '4.3.0',
      idle_timeout_in_minutes: null,
    },
    device_certificate: 'CN=gate-north, SHA256 AB:CD',
    created_by: null,
    ...overrides,
  };
}

/** The same device's live state as the fleet holds it: connected, one of two cellular links down. */
export function testLiveDevice(overrides: Partial<DeviceLiveState> = {}): DeviceLiveState {
  return {
    id: 7,
    name: 'gate-north',
    pairing_id: 'SN-0007',
    type: DeviceType.HALO,
    is_server: false,
    is_enabled: true,
    is_activated: true,
    availability: 1,
    main_app_status: 1,
    device_state: 1,
    links: { cellular: { online: 1, total: 2 }, eth: { online: 1, total: 1 } },
    location: { coordinate: [34.78, 32.08], accuracy: 5 },
    versions: { firmware: '4.2.0', modem: '1.1' },
    ...overrides,
  };
}

/** A timeline of device 7 over [from, to) with nothing recorded in it. */
export function emptyTimeline(from: number, to: number): DeviceTimeline {
  return {
    device_id: 7,
    from,
    to,
    connection: [],
    links: [],
    readings: { time: [], signal: [], temperature: [] },
    logs: [],
    alarms: [],
    silences: [],
    track: [],
    truncated: false,
  };
}

/** An active, unacknowledged alarm of device 7 (gate-north) that opened at `openedAt`. */
export function testAlarm(id: number, openedAt: number, overrides: Partial<Alarm> = {}): Alarm {
  const opened = new Date(openedAt).toISOString();
  return {
    id,
    environment_id: 2,
    device_id: 7,
    device_name: 'gate-north',
    device_attribute_type: 1,
    severity: 1,
    peak_severity: 3,
    state: 'active',
    last_value: '81 °C',
    breach_count: 1,
    opened_at: opened,
    last_breach_at: opened,
    cleared_at: null,
    acknowledged: false,
    acknowledged_by: null,
    acknowledged_at: null,
    acknowledgement_note: null,
    silenced: false,
    stale: false,
    revision: 1,
    ...overrides,
  };
}
