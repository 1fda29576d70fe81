import {
  linkCountsByKind,
  DeviceType,
  MainAppStatus,
  type DataLink,
  type DataLinksInfo,
  type DevicePorts,
  type SystemReport,
} from '@halo/shared';
import { createRandom, type Random } from './random.js';
import { offset, REGIONS, type Point, type Region } from './regions.js';

export type Mobility = 'vehicle' | 'drone' | 'fixed';

/** A satellite modem: its IMEI and the network it talks to, fixed by the seed and the device index. */
export interface SatcomModem {
  readonly imei: string;
  readonly network: string;
}
export type Activation = 'active' | 'later' | 'never';

/** What a simulated device is: fixed by the seed and its index, whatever the fleet size. */
export interface DevicePlan {
  readonly index: number;
  readonly name: string;
  readonly pairingId: string;
  readonly type: DeviceType;
  readonly productType: string;
  readonly isServer: boolean;
  readonly ipAddresses: readonly string[];
  readonly ports: DevicePorts | null;
  readonly mobility: Mobility;
  readonly activation: Activation;
  readonly region: Region;
  readonly linkCounts: Readonly<Record<keyof DataLinksInfo, number>>;
  /** Cruising speed in m/s (0 for fixed devices). */
  readonly speed: number;
  readonly firmware: string;
  /** Half the drones and a quarter of the vehicles carry a satellite modem; fixed devices none. */
  readonly satcom: SatcomModem | null;
}

/** Every hundredth device (index 7, 107, ...) is a server with its own 40-port range. */
const SERVER_EVERY = 100;
const SERVER_OFFSET = 7;
const SERVER_PORT_STEP = 48;
const SERVER_PORT_WIDTH = 40;
const FIRST_PORT = 1024;
const LAST_PORT = 49151;
const FIRMWARE = ['12.6.0', '12.6.1', '12.6.2', '12.5.4'] as const;
const REGION_WEIGHTS = [0.35, 0.2, 0.1, 0.2, 0.15];

const SATCOM_NETWORKS = ['Iridium', 'Iridium', 'Inmarsat', 'Globalstar'] as const;
const SATCOM_SHARE: Readonly<Record<Mobility, number>> = { drone: 0.5, vehicle: 0.25, fixed: 0 };

const pad = (value: number) => String(value).padStart(6, '0');

/** The Luhn check digit that completes an IMEI. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let position = 0; position < digits.length; position += 1) {
    let digit = Number(digits[digits.length - 1 - position]);
    if (position % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A generator for one device of one seed, independent of every other device. */
export function deviceRandom(seed: number, index: number, stream = 0): Random {
  return createRandom(
    (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^
      Math.imul(index + 1, 0xc2b2ae35) ^
      Math.imul(stream + 1, 0x27d4eb2f)) >>>
      0,
  );
}

function pickRegion(random: Random): Region {
  let roll = random.next();
  for (const [index, weight] of REGION_WEIGHTS.entries()) {
    roll -= weight;
    if (roll < 0) return REGIONS[index] as Region;
  }
  return REGIONS[0] as Region;
}

export function serverPorts(ordinal: number): DevicePorts | null {
  const from = FIRST_PORT + ordinal * SERVER_PORT_STEP;
  const to = from + SERVER_PORT_WIDTH - 1;
  return to <= LAST_PORT ? { from, to } : null;
}

/**
 * A device's satellite modem, from its own random stream so the rest of the plan is what it
 * was before modems existed. The IMEI is '30', the seed's last three digits, the device
 * number in nine digits and a Luhn digit: 15 digits, unique per seed and device.
 */
export function planSatcomModem(seed: number, index: number, mobility: Mobility): SatcomModem | null {
  const random = deviceRandom(seed, index, 3);
  if (!random.chance(SATCOM_SHARE[mobility])) return null;
  const body = `30${String(seed % 1000).padStart(3, '0')}${String(index + 1).padStart(9, '0')}`;
  return { imei: `${body}${luhnCheckDigit(body)}`, network: random.pick(SATCOM_NETWORKS) };
}

export function planDevice(seed: number, index: number): DevicePlan {
  const random = deviceRandom(seed, index);
  const serverOrdinal = index % SERVER_EVERY === SERVER_OFFSET ? Math.floor(index / SERVER_EVERY) : null;
  const ports = serverOrdinal === null ? null : serverPorts(serverOrdinal);
  const isServer = ports !== null;
  const isDrone = !isServer && random.chance(0.3);
  const type = isDrone ? DeviceType.DRONECOMMX : DeviceType.HALO;
  const activationRoll = random.next();
  const activation: Activation = isServer
    ? 'active'
    : activationRoll < 0.05
      ? 'never'
      : activationRoll < 0.1
        ? 'later'
        : 'active';
  const mobility: Mobility = isServer ? 'fixed' : isDrone ? 'drone' : random.chance(0.6) ? 'vehicle' : 'fixed';
  const kind = isServer ? 'hub' : isDrone ? 'dcx' : 'halo';
  const ordinal = serverOrdinal ?? 0;
  return {
    index,
    name: `sim-${kind}-${pad(index + 1)}`,
    pairingId: `SIM${seed}-${pad(index + 1)}`,
    type,
    productType: isServer ? 'HALO-HUB-8' : isDrone ? 'DCX-M2' : 'HALO-X4',
    isServer,
    ipAddresses: isServer ? [`10.${(ordinal >> 8) & 255}.${ordinal & 255}.1`] : [],
    ports,
    mobility,
    activation,
    region: pickRegion(random),
    linkCounts: {
      cellular: random.int(1, 4),
      eth: isServer ? random.int(2, 3) : random.int(1, 3),
      wifi: random.chance(0.6) ? 1 : 0,
      vlan: random.chance(0.3) ? 1 : 0,
      vpn: random.chance(0.5) ? 1 : 0,
    },
    speed: mobility === 'vehicle' ? random.between(8, 25) : mobility === 'drone' ? random.between(5, 15) : 0,
    firmware: random.pick(FIRMWARE),
    satcom: planSatcomModem(seed, index, mobility),
  };
}

/** The live state the simulator keeps per device and writes to its row. */
export interface SimulatedDevice {
  id: number;
  readonly plan: DevicePlan;
  activated: boolean;
  activatedAt: number | null;
  availability: number | null;
  mainAppStatus: number | null;
  links: DataLinksInfo;
  position: Point | null;
  altitude: number | null;
  accuracy: number;
  gnssLock: boolean;
  heading: number;
  locationTime: number | null;
  lastSeenAt: number | null;
  temperature: number;
  bootAt: number;
  /** Connected time billed to this device and not written to its usage counter yet. */
  usagePendingMs: number;
  /** Up to when this device's connected time is billed (see usageMeter). */
  usageBilledUntil: number;
  /** When the device reported its recent SIM events (the last hour's are kept). */
  simEventTimes: number[];
}

export function buildLinks(
  plan: DevicePlan,
  online: (kind: keyof DataLinksInfo, port: number) => boolean,
): DataLinksInfo {
  const links = { cellular: [], eth: [], wifi: [], vlan: [], vpn: [] } as Record<keyof DataLinksInfo, DataLink[]>;
  for (const kind of Object.keys(links) as (keyof DataLinksInfo)[]) {
    for (let port = 1; port <= plan.linkCounts[kind]; port += 1) {
      links[kind].push({
        port,
        is_online: online(kind, port),
        name: `${kind}${port}`,
        signal: kind === 'cellular' || kind === 'wifi' ? 60 : null,
      });
    }
  }
  return links;
}

export function randomPointIn(region: Region, random: Random): Point {
  const distance = region.radiusMeters * Math.sqrt(random.next()) * 0.9;
  return offset(region, random.between(0, 360), distance);
}

/** A device as it is when the fleet is created. */
export function initialDevice(plan: DevicePlan, seed: number, now: number): SimulatedDevice {
  const random = deviceRandom(seed, plan.index, 1);
  const activated = plan.activation === 'active';
  const connected = activated && random.chance(0.85);
  const gnssLock = activated && random.chance(0.9);
  return {
    id: 0,
    plan,
    activated,
    activatedAt: activated ? now - random.int(1, 90) * 86_400_000 : null,
    availability: activated ? (connected ? 1 : 0) : null,
    mainAppStatus: activated
      ? connected
        ? random.chance(0.9)
          ? MainAppStatus.ONLINE
          : MainAppStatus.OFFLINE
        : MainAppStatus.NONE
      : null,
    links: activated ? buildLinks(plan, () => connected && random.chance(0.85)) : buildLinks(plan, () => false),
    position: activated ? randomPointIn(plan.region, random) : null,
    altitude: activated ? (plan.mobility === 'drone' ? random.between(40, 150) : random.between(0, 80)) : null,
    accuracy: gnssLock ? random.between(2, 10) : 0,
    gnssLock,
    heading: plan.mobility === 'vehicle' ? random.pick([0, 90, 180, 270]) : random.between(0, 360),
    locationTime: activated ? now : null,
    lastSeenAt: activated ? now - (connected ? 0 : random.int(60, 86_400) * 1000) : null,
    temperature: random.between(35, 55),
    bootAt: now - random.int(60, 30 * 86_400) * 1000,
    usagePendingMs: 0,
    usageBilledUntil: now,
    simEventTimes: [],
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function systemReportOf(device: SimulatedDevice, now: number): SystemReport | null {
  if (!device.activated) return null;
  return {
    temperature: round(device.temperature, 1),
    cpu_usage: round(20 + ((device.temperature * 7) % 60), 1),
    memory_usage: round(30 + ((device.temperature * 13) % 50), 1),
    uptime_seconds: Math.max(0, Math.floor((now - device.bootAt) / 1000)),
    gnss_lock: device.gnssLock,
    firmware_version: device.plan.firmware,
    reported_at: new Date(now).toISOString(),
  };
}

/** The status columns of a device row. */
export function statusColumns(device: SimulatedDevice, now: number) {
  const summary = linkCountsByKind(device.links);
  const report = systemReportOf(device, now);
  return {
    is_activated: device.activated ? 1 : 0,
    availability: device.availability,
    main_app_status: device.mainAppStatus,
    halo_system_report: report ? JSON.stringify(report) : null,
    halo_data_links_info: device.activated ? JSON.stringify(device.links) : null,
    links_summary: JSON.stringify(summary),
    gnss_lock: device.activated ? (device.gnssLock ? 1 : 0) : null,
    firmware_version: device.activated ? device.plan.firmware : null,
    longitude: device.position ? round(device.position.longitude, 6) : null,
    latitude: device.position ? round(device.position.latitude, 6) : null,
    altitude: device.altitude === null ? null : round(device.altitude, 1),
    accuracy: device.position ? round(device.accuracy, 1) : null,
    location_time: device.locationTime,
    last_seen_at: device.lastSeenAt,
    activated_at: device.activatedAt,
    product_type: device.activated ? device.plan.productType : null,
  };
}
export type StatusColumns = ReturnType<typeof statusColumns>;
