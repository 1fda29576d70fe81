import {
  DEFAULT_DEVICE_PORTS,
  proposeServerPorts,
  DeviceType,
  newDeviceInput,
  upgradePolicyForEdit,
  UPGRADE_DAYS,
  UPGRADE_HOURS,
  type Device,
  type UpgradePolicy,
} from '@halo/shared';

/** The add/edit dialog's values: the device, its server fields and its upgrade policy, flat. */
export interface DeviceValues {
  readonly name: string;
  readonly pairing_id: string;
  readonly type: number;
  readonly is_enabled: boolean;
  readonly is_server: boolean;
  readonly ip_addresses: readonly string[];
  /** Null while the field is empty. */
  readonly ports: { readonly from: number | null; readonly to: number | null };
  readonly is_auto_upgrade_enabled: boolean;
  readonly allowed_days: readonly number[];
  readonly allowed_hours: readonly number[];
  readonly fixed_version: string;
  /** 'Upgrade while busy': a time-out is sent only when on. */
  readonly upgrade_while_busy: boolean;
  readonly idle_timeout_in_minutes: number | null;
}

/** A sensible time-out to offer when 'upgrade while busy' is switched on. */
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;

function policyValues(policy: UpgradePolicy) {
  const busy = policy.idle_timeout_in_minutes !== null && policy.idle_timeout_in_minutes !== undefined;
  return {
    is_auto_upgrade_enabled: policy.is_auto_upgrade_enabled,
    allowed_days: [...policy.allowed_days],
    allowed_hours: [...policy.allowed_hours],
    fixed_version: policy.fixed_version ?? '',
    upgrade_while_busy: busy,
    idle_timeout_in_minutes: busy ? (policy.idle_timeout_in_minutes ?? null) : null,
  };
}

/**
 * A new device (spec section 3): auto-upgrade on, every day and hour, enabled, a client. Its
 * ports, for when it is made a server, are the first free block of DEVICE_PORT_PROPOSAL_SIZE
 * ports the environment's other servers leave (proposeServerPorts), so the proposal does not
 * collide (error 52) and leaves room for the servers after it.
 */
export function emptyDeviceValues(existing: readonly Pick<Device, 'is_server' | 'ports'>[] = []): DeviceValues {
  const input = newDeviceInput();
  const taken = existing.flatMap((device) => (device.is_server && device.ports ? [device.ports] : []));
  return {
    name: '',
    pairing_id: '',
    type: DeviceType.HALO,
    is_enabled: input.is_enabled ?? true,
    is_server: input.is_server ?? false,
    ip_addresses: [''],
    ports: { ...(proposeServerPorts(taken) ?? DEFAULT_DEVICE_PORTS) },
    is_auto_upgrade_enabled: true,
    allowed_days: [...UPGRADE_DAYS],
    allowed_hours: [...UPGRADE_HOURS],
    fixed_version: '',
    upgrade_while_busy: false,
    idle_timeout_in_minutes: null,
  };
}

/** A listed device as form values; one without a policy gets auto-upgrade only if it is not a server. */
export function deviceToValues(device: Device): DeviceValues {
  const addresses = device.ip_addresses ?? [];
  return {
    name: device.name,
    pairing_id: device.pairing_id,
    type: device.type,
    is_enabled: device.is_enabled,
    is_server: device.is_server,
    ip_addresses: addresses.length > 0 ? [...addresses] : [''],
    ports: device.ports ? { ...device.ports } : { ...DEFAULT_DEVICE_PORTS },
    ...policyValues(upgradePolicyForEdit(device)),
  };
}

/**
 * The body of POST/PUT devices: `{ device }`, a server's addresses (empty rows dropped) and
 * ports, and the upgrade policy with a time-out only when upgrading while busy is allowed.
 */
export function devicePayload(values: DeviceValues) {
  const server = values.is_server
    ? {
        ip_addresses: values.ip_addresses.map((address) => address.trim()).filter((address) => address !== ''),
        ports: { from: values.ports.from, to: values.ports.to },
      }
    : {};
  return {
    device: {
      name: values.name,
      pairing_id: values.pairing_id,
      type: values.type,
      is_enabled: values.is_enabled,
      is_server: values.is_server,
      ...server,
      upgrade_policy: {
        is_auto_upgrade_enabled: values.is_auto_upgrade_enabled,
        allowed_days: [...values.allowed_days],
        allowed_hours: [...values.allowed_hours],
        fixed_version: values.fixed_version.trim() === '' ? null : values.fixed_version.trim(),
        idle_timeout_in_minutes: values.upgrade_while_busy ? values.idle_timeout_in_minutes : null,
      },
    },
  };
}

/**
 * The form field a problem of the request body belongs to: `device.ip_addresses.1` →
 * `ip_addresses`, `device.ports.from` → `ports`, `device.upgrade_policy.allowed_days` →
 * `allowed_days`.
 */
export function deviceFieldOfPath(path: string): string | undefined {
  const parts = path.split('.');
  if (parts.includes('ip_addresses')) return 'ip_addresses';
  if (parts.includes('ports')) return 'ports';
  return parts.at(-1);
}

/** Toggles one value in a sorted list (a day, an hour). */
export function toggleValue(values: readonly number[], value: number): number[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value].sort((a, b) => a - b);
}
