import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEVICE_PORT_PROPOSAL_SIZE } from '../constants/constants.js';
import {
  chunkDeviceIds,
  defaultUpgradePolicy,
  DeviceCreateSchema,
  DeviceInputSchema,
  DeviceListResponseSchema,
  deviceRole,
  newDeviceInput,
  upgradePolicyForEdit,
  DevicesQuerySchema,
  DevicesStateQuerySchema,
  UpgradePolicyInputSchema,
  proposeServerPorts,
} from './device.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);
const pathsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));

const server = {
  name: 'hub-01',
  pairing_id: 'SN-0001',
  type: 1,
  is_server: true,
  is_enabled: true,
  ip_addresses: ['10.0.0.1'],
  ports: { from: 1024, to: 49151 },
};

describe('DeviceInputSchema', () => {
  it('gives a new client device the defaults of section 3', () => {
    const parsed = DeviceInputSchema.parse({ name: 'edge-1', pairing_id: 'SN1' });
    expect(parsed).toMatchObject({ type: 1, is_enabled: true, is_server: false, ip_addresses: [], ports: null });
    expect(parsed.upgrade_policy.is_auto_upgrade_enabled).toBe(true);
    expect(parsed.upgrade_policy.allowed_days).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(parsed.upgrade_policy.allowed_hours).toHaveLength(24);
  });

  it('accepts a server and keeps its addresses and ports', () => {
    const parsed = DeviceInputSchema.parse(server);
    expect(parsed.ip_addresses).toEqual(['10.0.0.1']);
    expect(parsed.ports).toEqual({ from: 1024, to: 49151 });
  });

  it('gives a server without ports the default range and auto-upgrade off', () => {
    const parsed = DeviceInputSchema.parse({ ...server, ports: undefined });
    expect(parsed.ports).toEqual({ from: 1024, to: 49151 });
    expect(parsed.upgrade_policy.is_auto_upgrade_enabled).toBe(false);
  });

  it('drops the addresses and ports of a client', () => {
    const parsed = DeviceInputSchema.parse({ ...server, is_server: false });
    expect(parsed.ip_addresses).toEqual([]);
    expect(parsed.ports).toBeNull();
  });

  it('requires at least one IP address on a server', () => {
    const result = DeviceInputSchema.safeParse({ ...server, ip_addresses: [] });
    expect(messages(result)).toEqual(['validation.atLeastOneIp']);
    expect(pathsOf(result)).toEqual(['ip_addresses']);
    expect(messages(DeviceInputSchema.safeParse({ ...server, ip_addresses: undefined }))).toEqual([
      'validation.atLeastOneIp',
    ]);
  });

  it.each(['10.0.0.256', '.10.0.0.1', '10.0.0', '10.0.0.1.1'])('refuses the IP address %s', (address) => {
    const result = DeviceInputSchema.safeParse({ ...server, ip_addresses: ['10.0.0.2', address] });
    expect(messages(result)).toEqual(['validation.invalid']);
    expect(pathsOf(result)).toEqual(['ip_addresses.1']);
  });

  it.each([
    [{ from: 1023, to: 2000 }, 'from'],
    [{ from: 1024, to: 49152 }, 'to'],
    [{ from: 1024.5, to: 2000 }, 'from'],
    [{ from: '1024', to: 2000 }, 'from'],
  ])('refuses the ports %o with the port-range key', (ports, field) => {
    const result = DeviceInputSchema.safeParse({ ...server, ports });
    expect(messages(result)).toEqual(['validation.portRange']);
    expect(pathsOf(result)).toEqual([`ports.${field}`]);
  });

  it('accepts the boundary ports 1024 and 49151 and refuses a reversed range', () => {
    expect(DeviceInputSchema.safeParse({ ...server, ports: { from: 1024, to: 1024 } }).success).toBe(true);
    expect(DeviceInputSchema.safeParse({ ...server, ports: { from: 49151, to: 49151 } }).success).toBe(true);
    expect(messages(DeviceInputSchema.safeParse({ ...server, ports: { from: 3000, to: 2000 } }))).toEqual([
      'validation.portRange',
    ]);
  });

  it('reports a missing port as required', () => {
    expect(messages(DeviceInputSchema.safeParse({ ...server, ports: { from: 1024 } }))).toEqual([
      'validation.required',
    ]);
  });

  it.each([
    ['a space', 'my device'],
    ['an accent', 'appareil-é'],
  ])('refuses a name with %s', (_, name) => {
    expect(messages(DeviceInputSchema.safeParse({ ...server, name }))).toEqual(['validation.invalidCharacters']);
  });

  it('refuses an unknown product type', () => {
    expect(messages(DeviceInputSchema.safeParse({ ...server, type: 3 }))).toEqual(['validation.invalid']);
  });

  it('refuses unknown fields in the device and around it', () => {
    expect(DeviceInputSchema.safeParse({ ...server, owner: 'me' }).success).toBe(false);
    expect(DeviceInputSchema.safeParse({ ...server, ports: { from: 1024, to: 2000, step: 1 } }).success).toBe(false);
    expect(DeviceCreateSchema.safeParse({ device: server, extra: 1 }).success).toBe(false);
    expect(DeviceCreateSchema.safeParse({ device: server }).success).toBe(true);
  });
});

describe('UpgradePolicyInputSchema', () => {
  const policy = { is_auto_upgrade_enabled: true, allowed_days: [1], allowed_hours: [0] };

  it('accepts days 1 and 7 and hours 0 and 23, sorted and once each', () => {
    const parsed = UpgradePolicyInputSchema.parse({ ...policy, allowed_days: [7, 1, 7], allowed_hours: [23, 0] });
    expect(parsed.allowed_days).toEqual([1, 7]);
    expect(parsed.allowed_hours).toEqual([0, 23]);
  });

  it('requires at least one day and one hour', () => {
    expect(messages(UpgradePolicyInputSchema.safeParse({ ...policy, allowed_days: [] }))).toEqual([
      'validation.atLeastOneDay',
    ]);
    expect(messages(UpgradePolicyInputSchema.safeParse({ ...policy, allowed_hours: [] }))).toEqual([
      'validation.atLeastOneHour',
    ]);
  });

  it.each([
    ['day 0', { allowed_days: [0] }],
    ['day 8', { allowed_days: [8] }],
    ['hour 24', { allowed_hours: [24] }],
    ['hour -1', { allowed_hours: [-1] }],
    ['a fractional hour', { allowed_hours: [1.5] }],
  ])('refuses %s', (_, change) => {
    expect(messages(UpgradePolicyInputSchema.safeParse({ ...policy, ...change }))).toEqual(['validation.invalid']);
  });

  it('checks the idle timeout against its range', () => {
    expect(UpgradePolicyInputSchema.safeParse({ ...policy, idle_timeout_in_minutes: 1 }).success).toBe(true);
    expect(UpgradePolicyInputSchema.safeParse({ ...policy, idle_timeout_in_minutes: null }).success).toBe(true);
    const result = UpgradePolicyInputSchema.safeParse({ ...policy, idle_timeout_in_minutes: 0 });
    expect(messages(result)).toEqual(['validation.timeoutRange']);
    expect(messages(UpgradePolicyInputSchema.safeParse({ ...policy, idle_timeout_in_minutes: 1441 }))).toEqual([
      'validation.timeoutRange',
    ]);
  });

  it('requires the auto-upgrade flag', () => {
    const { is_auto_upgrade_enabled: _dropped, ...rest } = policy;
    expect(messages(UpgradePolicyInputSchema.safeParse(rest))).toEqual(['validation.required']);
    expect(messages(UpgradePolicyInputSchema.safeParse({ ...policy, is_auto_upgrade_enabled: 'yes' }))).toEqual([
      'validation.invalid',
    ]);
  });

  it('refuses unknown fields', () => {
    expect(UpgradePolicyInputSchema.safeParse({ ...policy, allowed_months: [1] }).success).toBe(false);
  });
});

describe('device helpers', () => {
  it('defaultUpgradePolicy turns auto-upgrade on only for clients', () => {
    expect(defaultUpgradePolicy().is_auto_upgrade_enabled).toBe(true);
    expect(defaultUpgradePolicy(true).is_auto_upgrade_enabled).toBe(false);
    const first = defaultUpgradePolicy();
    first.allowed_days.pop();
    expect(defaultUpgradePolicy().allowed_days).toHaveLength(7);
  });

  it('upgradePolicyForEdit keeps a stored policy and otherwise turns auto-upgrade on for clients only', () => {
    const stored = { ...defaultUpgradePolicy(), allowed_days: [6] };
    expect(upgradePolicyForEdit({ upgrade_policy: stored, is_server: true })).toBe(stored);
    expect(upgradePolicyForEdit({ upgrade_policy: null, is_server: true }).is_auto_upgrade_enabled).toBe(false);
    expect(upgradePolicyForEdit({ upgrade_policy: null, is_server: false }).is_auto_upgrade_enabled).toBe(true);
  });

  it('newDeviceInput starts enabled, client, every day and hour, and needs only a name and serial to pass', () => {
    const form = newDeviceInput();
    expect(DeviceInputSchema.safeParse(form).success).toBe(false);
    const parsed = DeviceInputSchema.parse({ ...form, name: 'edge-2', pairing_id: 'SN2' });
    expect(parsed).toMatchObject({ is_enabled: true, is_server: false, ports: null });
    expect(parsed.upgrade_policy.allowed_hours).toHaveLength(24);
  });

  it('deviceRole maps is_server to client 1 and server 2', () => {
    expect(deviceRole(false)).toBe(1);
    expect(deviceRole(true)).toBe(2);
  });

  it('chunkDeviceIds splits a long list and refuses a bad size', () => {
    expect(chunkDeviceIds([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunkDeviceIds([], 2)).toEqual([]);
    expect(() => chunkDeviceIds([1], 0)).toThrow(RangeError);
  });

  it('parses comma-separated device ids and the state flag from a query', () => {
    expect(DevicesQuerySchema.parse({ devices: '1,2,,3' })).toEqual({ devices: [1, 2, 3] });
    expect(DevicesQuerySchema.safeParse({ devices: '1,x' }).success).toBe(false);
    // An id with a blank around it is not a plain number (issue 39, item 9).
    expect(DevicesQuerySchema.safeParse({ devices: '1, 2' }).success).toBe(false);
    expect(DevicesQuerySchema.safeParse({ devices: '1', limit: '2' }).success).toBe(false);
    expect(DevicesStateQuerySchema.parse({ state: '1' })).toEqual({ state: 1 });
  });

  it('parses a device list response and keeps reporting fields', () => {
    const device = {
      id: 1,
      name: 'hub-01',
      pairing_id: 'SN-0001',
      type: 1,
      is_server: false,
      is_enabled: true,
      is_activated: true,
      availability: 1,
      main_app_status: 1,
      upgrade_policy: null,
      halo_data_links_info: { cellular: [{ port: 1, is_online: true }] },
      halo_system_report: { temperature: 41, custom_sensor: 'x' },
    };
    const parsed = DeviceListResponseSchema.parse({ devices: [device] });
    expect(parsed.devices[0]?.halo_data_links_info?.eth).toEqual([]);
    expect(parsed.devices[0]?.halo_system_report).toMatchObject({ temperature: 41, custom_sensor: 'x' });
    expect(DeviceListResponseSchema.safeParse({ devices: [{ ...device, id: 'one' }] }).success).toBe(false);
  });
});

describe('proposeServerPorts', () => {
  it('proposes a block of DEVICE_PORT_PROPOSAL_SIZE ports, not the whole range, when no server holds ports', () => {
    expect(DEVICE_PORT_PROPOSAL_SIZE).toBe(100);
    expect(proposeServerPorts([])).toEqual({ from: 1024, to: 1123 });
  });

  it('proposes the first free block, so the next server is offered the block after it', () => {
    // The simulated fleet's servers hold 1024-1063, 1072-1111 and 1120-1159.
    const simulated = [
      { from: 1024, to: 1063 },
      { from: 1072, to: 1111 },
      { from: 1120, to: 1159 },
    ];
    const first = proposeServerPorts(simulated);
    expect(first).toEqual({ from: 1160, to: 1259 });
    expect(proposeServerPorts([...simulated, first!])).toEqual({ from: 1260, to: 1359 });
    // A gap too small for a block is passed over, one large enough is used.
    expect(proposeServerPorts([{ from: 1050, to: 1200 }])).toEqual({ from: 1201, to: 1300 });
    expect(proposeServerPorts([{ from: 1200, to: 2000 }])).toEqual({ from: 1024, to: 1123 });
  });

  it('falls back to the widest gap when no block is free, and to none when no port is', () => {
    expect(proposeServerPorts([{ from: 1024, to: 49151 }])).toBeNull();
    expect(
      proposeServerPorts([
        { from: 1024, to: 30000 },
        { from: 30011, to: 40000 },
        { from: 40041, to: 49151 },
      ]),
    ).toEqual({ from: 40001, to: 40040 });
    // Overlapping and out-of-bounds ranges of others are merged and clipped.
    expect(
      proposeServerPorts([
        { from: 1000, to: 2000 },
        { from: 1500, to: 49100 },
        { from: 60000, to: 61000 },
      ]),
    ).toEqual({ from: 49101, to: 49151 });
  });
});
