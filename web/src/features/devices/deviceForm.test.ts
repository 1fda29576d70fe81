import { DeviceCreateSchema, type Device } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { deviceFieldOfPath, devicePayload, deviceToValues, emptyDeviceValues, toggleValue } from './deviceForm';

const listed = (change: Partial<Device> = {}): Device => ({
  id: 4,
  name: 'hub-1',
  pairing_id: 'SN4',
  type: 1,
  is_server: true,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  upgrade_policy: null,
  ip_addresses: ['10.0.0.1'],
  ports: { from: 2000, to: 2100 },
  ...change,
});

describe('device form', () => {
  it('starts a new device with the section 3 defaults', () => {
    const values = emptyDeviceValues();
    expect(values).toMatchObject({
      is_enabled: true,
      is_server: false,
      is_auto_upgrade_enabled: true,
      upgrade_while_busy: false,
    });
    expect(values.allowed_days).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(values.allowed_hours).toHaveLength(24);
    expect(values.ports).toEqual({ from: 1024, to: 1123 });
  });

  it('edits a device without a policy with auto-upgrade on only if it is not a server', () => {
    expect(deviceToValues(listed()).is_auto_upgrade_enabled).toBe(false);
    expect(deviceToValues(listed({ is_server: false })).is_auto_upgrade_enabled).toBe(true);
    const withPolicy = deviceToValues(
      listed({
        upgrade_policy: {
          is_auto_upgrade_enabled: true,
          allowed_days: [6],
          allowed_hours: [2, 3],
          fixed_version: '6.1',
          idle_timeout_in_minutes: 15,
        },
      }),
    );
    expect(withPolicy).toMatchObject({
      is_auto_upgrade_enabled: true,
      allowed_days: [6],
      fixed_version: '6.1',
      upgrade_while_busy: true,
      idle_timeout_in_minutes: 15,
    });
  });

  it('sends a client without addresses or ports and a policy the shared schema accepts', () => {
    const payload = devicePayload({
      ...emptyDeviceValues(),
      name: 'edge-1',
      pairing_id: 'SN1',
      ip_addresses: ['10.0.0.9'],
    });
    expect(payload.device).not.toHaveProperty('ip_addresses');
    expect(payload.device.upgrade_policy.idle_timeout_in_minutes).toBeNull();
    expect(DeviceCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('sends a server with its addresses (empty rows dropped), its ports and the time-out only while busy is allowed', () => {
    const values = {
      ...deviceToValues(listed()),
      ip_addresses: ['10.0.0.1', ' ', '10.0.0.2'],
      idle_timeout_in_minutes: 20,
    };
    const payload = devicePayload(values);
    expect(payload.device).toMatchObject({ ip_addresses: ['10.0.0.1', '10.0.0.2'], ports: { from: 2000, to: 2100 } });
    expect(payload.device.upgrade_policy.idle_timeout_in_minutes).toBeNull();
    expect(devicePayload({ ...values, upgrade_while_busy: true }).device.upgrade_policy.idle_timeout_in_minutes).toBe(
      20,
    );
  });

  it('refuses a server without an address, through the shared schema', () => {
    const payload = devicePayload({
      ...emptyDeviceValues(),
      name: 'hub-2',
      pairing_id: 'SN2',
      is_server: true,
      ip_addresses: [''],
    });
    expect(DeviceCreateSchema.safeParse(payload).success).toBe(false);
  });

  it('names the form field of a body problem', () => {
    expect(deviceFieldOfPath('device.ip_addresses.1')).toBe('ip_addresses');
    expect(deviceFieldOfPath('device.ports.from')).toBe('ports');
    expect(deviceFieldOfPath('device.upgrade_policy.allowed_days')).toBe('allowed_days');
    expect(deviceFieldOfPath('device.name')).toBe('name');
  });

  it('toggles a day or an hour keeping the list sorted', () => {
    expect(toggleValue([1, 3], 2)).toEqual([1, 2, 3]);
    expect(toggleValue([1, 2, 3], 2)).toEqual([1, 3]);
  });
});

describe('emptyDeviceValues ports', () => {
  it('proposes the first free block of 100 ports other servers leave, not every free port', () => {
    expect(emptyDeviceValues([]).ports).toEqual({ from: 1024, to: 1123 });
    const existing = [
      { is_server: true, ports: { from: 1024, to: 1063 } },
      { is_server: false, ports: null },
      { is_server: true, ports: { from: 1072, to: 1111 } },
      { is_server: true, ports: { from: 1120, to: 1159 } },
    ];
    const first = emptyDeviceValues(existing).ports;
    expect(first).toEqual({ from: 1160, to: 1259 });
    // The server after it is offered a block of the same size, not the 8 stray ports 1064-1071.
    const next = emptyDeviceValues([...existing, { is_server: true, ports: { from: 1160, to: 1259 } }]).ports;
    expect(next).toEqual({ from: 1260, to: 1359 });
  });
});
