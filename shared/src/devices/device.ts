/**
 * The device of spec section 3: identity and role, status and reporting, and for servers
 * ip_addresses and ports. Inputs follow POST/PUT /devices: a `device` object.
 */
import { z } from 'zod';
import {
  csvListSchema,
  type FitsEntity,
  IdSchema,
  NameSchema,
  numberInput,
  QueryIdSchema,
  QueryIntSchema,
} from '../common.js';
import {
  DEVICE_PORT_DEFAULT_FROM,
  DEVICE_PORT_DEFAULT_TO,
  DEVICE_PORT_PROPOSAL_SIZE,
  UPGRADE_DAYS,
  UPGRADE_HOURS,
} from '../constants/constants.js';
import { DeviceRole, DeviceType } from '../constants/enums.js';
import {
  ValidationKey,
  validDevicePort,
  validIdleTimeout,
  validIpv4,
  validName,
  validPortRange,
} from '../validation/rules.js';
import { ruleCheck } from '../validation/zodRules.js';
import { DataLinksInfoSchema, LocationSchema, SystemReportSchema, TimeInfoSchema } from './deviceTelemetry.js';

export const DeviceTypeSchema = z.union([z.literal(DeviceType.HALO), z.literal(DeviceType.DRONECOMMX)], {
  error: ValidationKey.INVALID,
});
export const DeviceRoleSchema = z.union([z.literal(DeviceRole.CLIENT), z.literal(DeviceRole.SERVER)]);

/** Role of a device from its is_server flag: client 1, server 2. */
export function deviceRole(isServer: boolean): DeviceRole {
  return isServer ? DeviceRole.SERVER : DeviceRole.CLIENT;
}

/** allowed_days: 1 Monday to 7 Sunday. */
export const UpgradeDaySchema = numberInput()
  .int(ValidationKey.INVALID)
  .min(1, ValidationKey.INVALID)
  .max(7, ValidationKey.INVALID);
/** allowed_hours: 0-23, UTC. */
export const UpgradeHourSchema = numberInput()
  .int(ValidationKey.INVALID)
  .min(0, ValidationKey.INVALID)
  .max(23, ValidationKey.INVALID);

const sortedUnique = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);

export const UpgradePolicySchema = z.object({
  is_auto_upgrade_enabled: z.boolean(),
  allowed_days: z.array(z.number().int()),
  allowed_hours: z.array(z.number().int()),
  /** A version to stay on (or upgrade to); null follows the latest definition. */
  fixed_version: z.string().nullable().optional(),
  /** Present: upgrading while busy is allowed after this many idle minutes. */
  idle_timeout_in_minutes: z.number().int().nullable().optional(),
});
export type UpgradePolicy = z.infer<typeof UpgradePolicySchema>;

/** Input form of upgrade_policy: at least one day and one hour; days and hours come back sorted, once each. */
export const UpgradePolicyInputSchema = z.strictObject({
  is_auto_upgrade_enabled: z.boolean({
    error: (issue) => (issue.input === undefined ? ValidationKey.REQUIRED : ValidationKey.INVALID),
  }),
  allowed_days: z
    .array(UpgradeDaySchema, { error: ValidationKey.AT_LEAST_ONE_DAY })
    .min(1, ValidationKey.AT_LEAST_ONE_DAY)
    .max(UPGRADE_DAYS.length * 4, ValidationKey.INVALID)
    .transform(sortedUnique),
  allowed_hours: z
    .array(UpgradeHourSchema, { error: ValidationKey.AT_LEAST_ONE_HOUR })
    .min(1, ValidationKey.AT_LEAST_ONE_HOUR)
    .max(UPGRADE_HOURS.length * 4, ValidationKey.INVALID)
    .transform(sortedUnique),
  fixed_version: z.string().trim().max(64, ValidationKey.MAX_LENGTH).nullable().optional(),
  idle_timeout_in_minutes: numberInput(ValidationKey.TIMEOUT_RANGE)
    .superRefine(ruleCheck(validIdleTimeout, 'idle_timeout_in_minutes'))
    .nullable()
    .optional(),
});
export type UpgradePolicyInput = z.input<typeof UpgradePolicyInputSchema>;

/**
 * The policy a device gets when none is given: every day, every hour; auto-upgrade on for a
 * new device and, when editing a device without a policy, on only if it is not a server.
 */
export function defaultUpgradePolicy(isServer = false): UpgradePolicy {
  return {
    is_auto_upgrade_enabled: !isServer,
    allowed_days: [...UPGRADE_DAYS],
    allowed_hours: [...UPGRADE_HOURS],
    fixed_version: null,
    idle_timeout_in_minutes: null,
  };
}

/** The policy an edit form starts from: the device's own, or the default for its role. */
export function upgradePolicyForEdit(device: Pick<Device, 'upgrade_policy' | 'is_server'>): UpgradePolicy {
  return device.upgrade_policy ?? defaultUpgradePolicy(device.is_server);
}

export const DevicePortsSchema = z.object({ from: z.number().int(), to: z.number().int() });
export type DevicePorts = z.infer<typeof DevicePortsSchema>;

export const DEFAULT_DEVICE_PORTS: Readonly<DevicePorts> = Object.freeze({
  from: DEVICE_PORT_DEFAULT_FROM,
  to: DEVICE_PORT_DEFAULT_TO,
});

/** The ranges between the section 9 bounds that no range of `taken` holds, in order. */
export function freePortRanges(taken: readonly DevicePorts[]): DevicePorts[] {
  const ranges = [...taken]
    .filter((range) => range.to >= DEVICE_PORT_DEFAULT_FROM && range.from <= DEVICE_PORT_DEFAULT_TO)
    .sort((a, b) => a.from - b.from);
  const gaps: DevicePorts[] = [];
  let next = DEVICE_PORT_DEFAULT_FROM;
  for (const range of ranges) {
    if (range.from - 1 >= next) gaps.push({ from: next, to: range.from - 1 });
    next = Math.max(next, range.to + 1);
  }
  if (DEVICE_PORT_DEFAULT_TO >= next) gaps.push({ from: next, to: DEVICE_PORT_DEFAULT_TO });
  return gaps;
}

/**
 * The ports proposed to a new server: a server's control ports must not overlap another
 * server's in its environment (error 52), so it is offered the first free block of
 * DEVICE_PORT_PROPOSAL_SIZE ports (1024-1123 when there is no other server), leaving the rest
 * for the servers after it; the widest gap when no block is free; null when no port is.
 */
export function proposeServerPorts(
  taken: readonly DevicePorts[],
  size: number = DEVICE_PORT_PROPOSAL_SIZE,
): DevicePorts | null {
  const gaps = freePortRanges(taken);
  const block = gaps.find((gap) => gap.to - gap.from + 1 >= size);
  if (block) return { from: block.from, to: block.from + size - 1 };
  return gaps.reduce<DevicePorts | null>(
    (best, gap) => (!best || gap.to - gap.from > best.to - best.from ? gap : best),
    null,
  );
}

const DevicePortSchema = (field: 'from' | 'to') =>
  numberInput(ValidationKey.PORT_RANGE).superRefine(ruleCheck(validDevicePort, field));

/** ports {from, to}: integers within 1024-49151, from not above to. */
export const DevicePortsInputSchema = z
  .strictObject({ from: DevicePortSchema('from'), to: DevicePortSchema('to') })
  .superRefine((ports, context) => {
    // Each port already reported its own problem; only the order is left to check.
    if (validDevicePort(ports.from, 'from') || validDevicePort(ports.to, 'to')) return;
    const found = validPortRange(ports.from, ports.to);
    if (found) {
      context.addIssue({ code: 'custom', path: ['from'], message: found.key, params: { params: found.params } });
    }
  });

export const IpAddressSchema = z
  .string({ error: ValidationKey.INVALID })
  .superRefine(ruleCheck(validIpv4, 'ip_address'));
export const IP_ADDRESSES_MAX = 32;

export const DeviceSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The serial number. */
  pairing_id: z.string(),
  type: z.number().int(),
  /** The hardware model the device reports once activated (free text); null before. */
  product_type: z.string().nullable().optional(),
  is_server: z.boolean(),
  is_enabled: z.boolean(),
  is_activated: z.boolean(),
  /** Latest devices_state value. */
  state: z.number().int().nullable().optional(),
  /** 1 connected, 0 not connected, anything else unknown. */
  availability: z.number().int().nullable(),
  main_app_status: z.number().int().nullable(),
  halo_system_report: SystemReportSchema.nullable().optional(),
  halo_data_links_info: DataLinksInfoSchema.nullable().optional(),
  latest_location: LocationSchema.nullable().optional(),
  time_info: TimeInfoSchema.nullable().optional(),
  /** Servers only; null or empty for clients. */
  ip_addresses: z.array(z.string()).nullable().optional(),
  ports: DevicePortsSchema.nullable().optional(),
  /** Null when the device never had one (see defaultUpgradePolicy). */
  upgrade_policy: UpgradePolicySchema.nullable(),
  gnss_lock: z.boolean().nullable().optional(),
  /** The device certificate's subject or fingerprint, once issued. */
  device_certificate: z.string().nullable().optional(),
  environment_id: IdSchema.optional(),
  /** The user who created the device: plain update/delete reach devices the user created. */
  created_by: IdSchema.nullable().optional(),
});
export type Device = z.infer<typeof DeviceSchema>;

const DeviceFieldsShape = {
  name: NameSchema,
  pairing_id: z
    .string({ error: ValidationKey.REQUIRED })
    .max(64, ValidationKey.MAX_LENGTH)
    .superRefine(ruleCheck(validName, 'pairing_id')),
  type: DeviceTypeSchema.default(DeviceType.HALO),
  is_enabled: z.boolean().default(true),
  is_server: z.boolean().default(false),
  upgrade_policy: UpgradePolicyInputSchema.nullable().optional(),
  ip_addresses: z.array(IpAddressSchema).max(IP_ADDRESSES_MAX, ValidationKey.NOT_EXCEED).optional(),
  ports: DevicePortsInputSchema.optional(),
};

/**
 * The `device` object of POST and PUT /devices. A server needs at least one IP address and
 * gets ports 1024-49151 unless it says otherwise; a client's addresses and ports are dropped.
 * A missing upgrade_policy becomes defaultUpgradePolicy(is_server).
 */
export const DeviceInputSchema = z
  .strictObject(DeviceFieldsShape)
  .superRefine((device, context) => {
    const addresses: unknown = device.ip_addresses;
    if (device.is_server === true && (!Array.isArray(addresses) || addresses.length === 0)) {
      context.addIssue({
        code: 'custom',
        path: ['ip_addresses'],
        message: ValidationKey.AT_LEAST_ONE_IP,
        params: { params: ['ip_addresses'] },
      });
    }
  })
  .transform((device) => ({
    ...device,
    upgrade_policy: device.upgrade_policy ?? defaultUpgradePolicy(device.is_server),
    ip_addresses: device.is_server ? [...new Set(device.ip_addresses ?? [])] : [],
    ports: device.is_server ? (device.ports ?? { ...DEFAULT_DEVICE_PORTS }) : null,
  }));
export type DeviceInput = z.infer<typeof DeviceInputSchema>;

/** What the add-device form starts with (section 3 defaults). */
export function newDeviceInput(): z.input<typeof DeviceInputSchema> {
  return {
    name: '',
    pairing_id: '',
    type: DeviceType.HALO,
    is_enabled: true,
    is_server: false,
    upgrade_policy: defaultUpgradePolicy(false),
    ip_addresses: [],
    ports: { ...DEFAULT_DEVICE_PORTS },
  };
}

export const DeviceCreateSchema = z.strictObject({ device: DeviceInputSchema });
export type DeviceCreate = z.infer<typeof DeviceCreateSchema>;

/** PUT /devices/{id} sends the same body as POST. */
export const DeviceUpdateSchema = DeviceCreateSchema;
export type DeviceUpdate = z.infer<typeof DeviceUpdateSchema>;

export const DeviceListResponseSchema = z.object({ devices: z.array(DeviceSchema) });
export type DeviceListResponse = z.infer<typeof DeviceListResponseSchema>;

/** How many device ids one request carries when a long list is split into chunks. */
export const DEVICE_ID_CHUNK_SIZE = 100;

/** Splits ids into chunks of `size` (the spec's chunked device requests). */
export function chunkDeviceIds<T>(ids: readonly T[], size = DEVICE_ID_CHUNK_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('chunk size must be a positive integer');
  const chunks: T[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}

/** Most device ids one query may name; callers usually send DEVICE_ID_CHUNK_SIZE at a time. */
export const DEVICES_QUERY_MAX_IDS = 1000;

/** Query of data_links_availability, data_links_info and device_status: `devices=1,2,3`. */
export const DevicesQuerySchema = z.strictObject({
  devices: csvListSchema(QueryIdSchema, DEVICES_QUERY_MAX_IDS).optional(),
});
export type DevicesQuery = z.infer<typeof DevicesQuerySchema>;

/** The most devices a page of GET devices holds when the caller asks for one (`limit`). */
export const DEVICE_LIST_PAGE_MAX = 1000;
/** The longest text `search` looks for (a device's name is at most 64 characters). */
export const DEVICE_SEARCH_MAX = 64;

/**
 * Query of GET devices: the devices named (`devices=1,2,3`), the servers only (`is_server=true`:
 * their port ranges matter to a new server), or, without either, all of them. The product's
 * additions, for a console that must not hold a 100,000-device list to pick one: `search`
 * keeps the devices whose name or serial number contains the text (whatever the case), and
 * `limit` (with `after`, the last id of the page before) answers a page by id.
 */
export const DeviceListQuerySchema = DevicesQuerySchema.extend({
  is_server: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  search: z.string().trim().min(1).max(DEVICE_SEARCH_MAX).optional(),
  limit: QueryIntSchema.pipe(z.number().min(1).max(DEVICE_LIST_PAGE_MAX)).optional(),
  after: QueryIdSchema.optional(),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuerySchema>;

/** Query of devices_state: `state=1` asks for an incremental update. */
export const DevicesStateQuerySchema = DevicesQuerySchema.extend({ state: QueryIntSchema.optional() });
export type DevicesStateQuery = z.infer<typeof DevicesStateQuerySchema>;

// The parsed input is what the provider stores and answers.
type _DeviceInputFitsDevice = FitsEntity<DeviceInput, Device>;
type _UpgradePolicyInputFits = FitsEntity<z.output<typeof UpgradePolicyInputSchema>, UpgradePolicy>;
