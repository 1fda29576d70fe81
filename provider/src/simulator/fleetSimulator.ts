import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { forEachSlice, inTurns } from '../loopTurns.js';
import {
  AuditAction,
  AuditResource,
  defaultUpgradePolicy,
  MainAppStatus,
  Severity,
  ThresholdAttributeType,
  type DataLink,
  type DataLinksInfo,
  auditDetail,
  SystemLogEvent,
} from '@halo/shared';
import type { ProviderContext } from '../context.js';
import { parseLinksInfo, parseSystemReport } from '../routes/devices/deviceView.js';
import { writeAudit } from '../store/audit.js';
import { addConnectedSeconds } from '../store/connectivityUsage.js';
import { writeRfRecordingFile } from '../store/rfRecordingFiles.js';
import { takeRevisions } from '../store/revisions.js';
import type { DeviceRow, NewDevice, NewSystemLog } from '../store/schema.js';
import { updateDeviceStatuses, type StatusUpdate } from './batchStatusUpdate.js';
import {
  buildLinks,
  deviceRandom,
  initialDevice,
  planDevice,
  randomPointIn,
  statusColumns,
  type DevicePlan,
  type SimulatedDevice,
} from './fleetPlan.js';
import { createRandom, sampleIndexes, type Random } from './random.js';
import { coverageAt, distanceMeters, headingTowards, nearestRegion, offset } from './regions.js';
import { createPositionHistory } from './positionHistory.js';
import { createReadingRotation } from './readingRotation.js';
import { insertPositionSamples } from '../store/positionSamples.js';
import { pickSatcomSenders, satcomMessage } from './satcomMessages.js';
import { createUsageMeter } from './usageMeter.js';
import { createThresholdWatch, type WatchedDevice } from './thresholdWatch.js';
import { environmentThresholds } from '../store/thresholds.js';
import { log as serviceLog } from '../log.js';

export interface FleetSimulatorOptions {
  /** Fleet size; devices beyond it (from an earlier, larger run) are left alone. */
  readonly devices: number;
  readonly seed: number;
  /** Share of the fleet that changes per tick (at least one device). */
  readonly changeFraction: number;
  /** Chance per tick that an RF recording appears. Defaults to one every ~20 ticks for 200 devices, at most one every 5 ticks. */
  readonly rfRecordingChance?: number;
  /** Chance per tick that a device with a satellite modem sends a message. Defaults to one message every ten minutes per modem. */
  readonly satcomMessageChance?: number;
  /** Each device's usage counter is written every this many ticks (default 60). */
  readonly usageFlushTicks?: number;
}

export interface TickReport {
  readonly tick: number;
  /** Ids of the devices this tick wrote, each with a new revision. */
  readonly changed: readonly number[];
  readonly logs: number;
  readonly rfRecordings: number;
  readonly satcomMessages: number;
  /** Connected seconds this tick wrote to the usage counters. */
  readonly connectedSeconds: number;
  /** Position samples this tick added to HeatSight's history. */
  readonly positionSamples: number;
}

export interface FleetSimulator {
  /** Creates the demo fleet in the root environment on first start (or tops it up) and loads it. */
  ensureFleet(): Promise<{ created: number; environmentId: number }>;
  tick(): Promise<TickReport>;
  /** Ticks every `tickMs` (at least one second) until stopped; a slow tick delays the next, never overlaps it. */
  start(tickMs: number): void;
  stop(): Promise<void>;
  readonly devices: readonly SimulatedDevice[];
}

const INSERT_BATCH = 300;
const MIN_TICK_MS = 1000;
const DEFAULT_SATCOM_MESSAGE_CHANCE = 1 / 600;
const DEFAULT_USAGE_FLUSH_TICKS = 60;
const USAGE_MAX_GAP_MS = 60_000;
/**
 * Threshold readings per tick: a larger fleet has its changed devices and a rotating share of
 * the rest read each tick, every device at least every ceil(fleet / this) ticks (10 s at
 * 100,000 devices, where reading all of them took a quarter of the provider's time).
 */
const THRESHOLD_READINGS_PER_TICK = 10_000;

/** Threshold readings evaluated in one turn of the event loop: about 20 ms of the provider's thread. */
const THRESHOLD_READINGS_PER_TURN = 2000;

/** Changed devices written per transaction (see tick): about 15 ms of the provider's thread each. */
const STATUS_WRITE_BATCH = 100;

/** Threshold attribute types (section 3) of each link. */
function linkAttributeType(kind: keyof DataLinksInfo, port: number): number | null {
  if (kind === 'cellular') return ThresholdAttributeType.CELLULAR_PORT_1 + port - 1;
  if (kind === 'eth')
    return port === 1
      ? ThresholdAttributeType.ETHERNET_PORT_1
      : port === 2
        ? ThresholdAttributeType.ETHERNET_PORT_2
        : ThresholdAttributeType.ETHERNET_PORT_3;
  if (kind === 'wifi') return ThresholdAttributeType.WIFI;
  if (kind === 'vlan') return ThresholdAttributeType.VLAN;
  return null;
}

/** A v4-shaped uuid from the seeded generator, so recordings are deterministic too. */
function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 15) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

function deviceFromRow(row: DeviceRow, plan: DevicePlan, seed: number, now: number): SimulatedDevice {
  const position =
    row.longitude !== null && row.latitude !== null ? { longitude: row.longitude, latitude: row.latitude } : null;
  const report = parseSystemReport(row.halo_system_report);
  return {
    id: row.id,
    plan: position ? { ...plan, region: nearestRegion(position) } : plan,
    activated: row.is_activated === 1,
    activatedAt: row.activated_at,
    availability: row.availability,
    mainAppStatus: row.main_app_status,
    links: parseLinksInfo(row.halo_data_links_info) ?? buildLinks(plan, () => false),
    position,
    altitude: row.altitude,
    accuracy: row.accuracy ?? 0,
    gnssLock: row.gnss_lock === 1,
    heading: deviceRandom(seed, plan.index, 2).between(0, 360),
    locationTime: row.location_time,
    lastSeenAt: row.last_seen_at,
    temperature: report?.temperature ?? 45,
    bootAt: now - (report?.uptime_seconds ?? 0) * 1000,
    usagePendingMs: 0,
    usageBilledUntil: now,
    simEventTimes: [],
  };
}

type LogDraft = Omit<NewSystemLog, 'environment_id' | 'log_time'>;

function log(
  device: SimulatedDevice,
  attribute: number | null,
  eventType: SystemLogEvent,
  value: string | null,
  severity: Severity,
  description: string,
): LogDraft {
  return {
    device_id: device.id,
    device_name: device.plan.name,
    device_attribute_type: attribute,
    event_type: eventType,
    value,
    severity,
    description: `${device.plan.name}: ${description}`,
    is_alert: 0,
  };
}

function move(device: SimulatedDevice, random: Random, now: number) {
  const position = device.position;
  if (!position || device.plan.mobility === 'fixed') return;
  const seconds = Math.min(120, Math.max(1, (now - (device.locationTime ?? now)) / 1000));
  const distance = device.plan.speed * seconds * random.between(0.7, 1.1);
  const region = device.plan.region;
  if (device.plan.mobility === 'vehicle') {
    // Roads-ish: straight runs along a grid with the occasional turn.
    if (random.chance(0.2)) device.heading = (device.heading + (random.chance(0.5) ? 90 : 270)) % 360;
  } else {
    device.heading = (device.heading + random.between(-35, 35) + 360) % 360;
    device.altitude = Math.min(150, Math.max(30, (device.altitude ?? 80) + random.between(-10, 10)));
  }
  let next = offset(position, device.heading, distance);
  if (distanceMeters(next, region) > region.radiusMeters) {
    const home = headingTowards(position, region);
    device.heading = device.plan.mobility === 'vehicle' ? (Math.round(home / 90) * 90) % 360 : home;
    next = offset(position, device.heading, distance);
  }
  device.position = next;
  device.locationTime = now;
  if (device.gnssLock) device.accuracy = random.between(2, 10);
}

/** A link goes up or down; a link that goes down remembers when (the threshold rules count its minutes). */
function setLinkOnline(link: DataLink, online: boolean, now: number) {
  if (link.is_online && !online) link.offline_since = new Date(now).toISOString();
  if (online) link.offline_since = null;
  link.is_online = online;
}

function setLinks(device: SimulatedDevice, online: () => boolean, now: number) {
  for (const links of Object.values<DataLinksInfo[keyof DataLinksInfo]>(device.links)) {
    for (const link of links) setLinkOnline(link, online(), now);
  }
}

/** Cellular signal wanders with the device, pulled towards what the coverage where it is allows. */
function driftSignal(device: SimulatedDevice, random: Random) {
  const coverage = device.position ? coverageAt(device.position) : 1;
  const allowed = 15 + 75 * coverage;
  for (const modem of device.links.cellular) {
    if (!modem.is_online) continue;
    const current = typeof modem.signal === 'number' ? modem.signal : 60;
    const wandered = current + random.between(-14, 12);
    modem.signal = Math.round(Math.min(100, Math.max(0, wandered + (allowed - wandered) * 0.4)));
  }
}

/** The log entry of a link going up or down. */
function linkChangeLog(device: SimulatedDevice, kind: keyof DataLinksInfo, link: DataLink): LogDraft {
  const severity = link.is_online ? Severity.NORMAL : kind === 'eth' ? Severity.MAJOR : Severity.MINOR;
  return log(
    device,
    linkAttributeType(kind, link.port),
    link.is_online ? SystemLogEvent.LINK_UP : SystemLogEvent.LINK_DOWN,
    link.is_online ? '1' : '0',
    severity,
    `${kind} ${link.port} link ${link.is_online ? 'up' : 'down'}`,
  );
}

/** In a weak spot cellular links drop; back in coverage they return. */
function followCoverage(device: SimulatedDevice, random: Random, now: number, logs: LogDraft[]) {
  if (!device.position || device.availability !== 1) return;
  const coverage = coverageAt(device.position);
  for (const modem of device.links.cellular) {
    const drops = modem.is_online && coverage < 0.4 && random.chance(0.5);
    const returns = !modem.is_online && coverage > 0.8 && random.chance(0.3);
    if (!drops && !returns) continue;
    setLinkOnline(modem, returns, now);
    logs.push(linkChangeLog(device, 'cellular', modem));
  }
}

const HOUR_MS = 3_600_000;

/** The threshold rules' view of a simulated device. */
function watchedDevice(device: SimulatedDevice, now: number): WatchedDevice {
  while (device.simEventTimes.length > 0 && (device.simEventTimes[0] ?? now) < now - HOUR_MS)
    device.simEventTimes.shift();
  return {
    id: device.id,
    name: device.plan.name,
    facts: {
      activated: device.activated,
      connected: device.availability === 1,
      lastSeenAt: device.lastSeenAt,
      temperature: device.activated ? Number(device.temperature.toFixed(1)) : null,
      links: device.links,
      simEventsLastHour: device.simEventTimes.length,
    },
  };
}

/** One device's change this tick; answers false when nothing changed. */
function changeDevice(device: SimulatedDevice, random: Random, now: number, logs: LogDraft[]): boolean {
  if (!device.activated) {
    if (device.plan.activation !== 'later' || !random.chance(0.3)) return false;
    device.activated = true;
    device.activatedAt = now;
    device.availability = 1;
    device.mainAppStatus = MainAppStatus.ONLINE;
    setLinks(device, () => random.chance(0.85), now);
    device.position = randomPointIn(device.plan.region, random);
    device.altitude = device.plan.mobility === 'drone' ? random.between(40, 150) : random.between(0, 80);
    device.gnssLock = true;
    device.accuracy = random.between(2, 10);
    device.locationTime = now;
    device.lastSeenAt = now;
    logs.push(
      log(
        device,
        ThresholdAttributeType.DEVICE_STATE,
        SystemLogEvent.DEVICE_ACTIVATED,
        '1',
        Severity.NORMAL,
        'activated',
      ),
    );
    return true;
  }
  const roll = random.next();
  const connected = device.availability === 1;
  if (roll < 0.1) {
    if (connected) {
      device.availability = 0;
      device.mainAppStatus = MainAppStatus.NONE;
      setLinks(device, () => false, now);
      logs.push(
        log(
          device,
          ThresholdAttributeType.DEVICE_STATE,
          SystemLogEvent.DEVICE_DISCONNECTED,
          '0',
          Severity.MAJOR,
          'disconnected',
        ),
      );
    } else {
      device.availability = 1;
      device.mainAppStatus = random.chance(0.9) ? MainAppStatus.ONLINE : MainAppStatus.OFFLINE;
      setLinks(device, () => random.chance(0.85), now);
      logs.push(
        log(
          device,
          ThresholdAttributeType.DEVICE_STATE,
          SystemLogEvent.DEVICE_CONNECTED,
          '1',
          Severity.NORMAL,
          'connected',
        ),
      );
    }
  } else if (roll < 0.3 && connected) {
    const all = (Object.entries(device.links) as [keyof DataLinksInfo, DataLinksInfo[keyof DataLinksInfo]][]).flatMap(
      ([kind, links]) => links.map((link) => ({ kind, link })),
    );
    if (all.length > 0) {
      const { kind, link } = random.pick(all);
      setLinkOnline(link, !link.is_online, now);
      logs.push(linkChangeLog(device, kind, link));
    }
  } else if (roll < 0.38 && connected) {
    const online = device.mainAppStatus !== MainAppStatus.ONLINE;
    device.mainAppStatus = online ? MainAppStatus.ONLINE : MainAppStatus.OFFLINE;
    logs.push(
      log(
        device,
        null,
        online ? SystemLogEvent.MAIN_APP_ONLINE : SystemLogEvent.MAIN_APP_OFFLINE,
        String(device.mainAppStatus),
        online ? Severity.NORMAL : Severity.MINOR,
        `main application ${online ? 'online' : 'offline'}`,
      ),
    );
  } else if (roll < 0.5) {
    // Its thresholds (thresholdWatch.ts) turn the temperature into log entries.
    device.temperature = Math.min(92, Math.max(25, device.temperature + random.between(-5, 6)));
  } else if (roll < 0.53 && connected) {
    device.gnssLock = !device.gnssLock;
    device.accuracy = device.gnssLock ? random.between(2, 10) : 0;
  } else if (roll < 0.55 && connected && device.links.cellular.length > 0) {
    const modem = random.pick(device.links.cellular);
    const what = random.pick(['inserted', 'removed', 'swapped']);
    device.simEventTimes.push(now);
    logs.push(
      log(
        device,
        ThresholdAttributeType.SIM_EVENT,
        SystemLogEvent.SIM_EVENT,
        what,
        Severity.NORMAL,
        `SIM ${what} in cellular ${modem.port}`,
      ),
    );
  }
  if (connected) driftSignal(device, random);
  if (device.availability === 1) {
    move(device, random, now);
    followCoverage(device, random, now, logs);
    device.lastSeenAt = now;
  }
  return true;
}

/**
 * The fleet simulator: a demo fleet in the root environment whose devices connect and
 * disconnect, flap links, change main application status, move and raise system log events,
 * with an RF recording now and then; devices with a satellite modem send satellite messages,
 * and connected time goes to the usage counters. Everything comes from HALO_SIM_SEED, so a seed always
 * gives the same fleet and the same ticks; all writes go through the provider's store.
 */
export function createFleetSimulator(context: ProviderContext, options: FleetSimulatorOptions): FleetSimulator {
  const { seed } = options;
  let devices: SimulatedDevice[] = [];
  let environmentId = 0;
  let tickCount = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const rfChance = options.rfRecordingChance ?? Math.min(0.2, 0.05 * Math.max(1, options.devices / 200));
  const satcomChance = options.satcomMessageChance ?? DEFAULT_SATCOM_MESSAGE_CHANCE;
  const usage = createUsageMeter(() => environmentId, {
    flushTicks: Math.max(1, Math.floor(options.usageFlushTicks ?? DEFAULT_USAGE_FLUSH_TICKS)),
    maxGapMs: USAGE_MAX_GAP_MS,
  });
  /** The devices that carry a satellite modem. */
  let modems: SimulatedDevice[] = [];
  const thresholdWatch = createThresholdWatch();
  const history = createPositionHistory();
  const devicesToRead = createReadingRotation(THRESHOLD_READINGS_PER_TICK);
  const idle = (tick: number): TickReport => ({
    tick,
    changed: [],
    logs: 0,
    rfRecordings: 0,
    satcomMessages: 0,
    connectedSeconds: 0,
    positionSamples: 0,
  });

  async function loadFleet(now: number) {
    const rows = await context.db
      .selectFrom('devices')
      .selectAll()
      .where('environment_id', '=', environmentId)
      .where('simulated', '=', 1)
      .orderBy('id')
      .limit(options.devices)
      .execute();
    devices = rows.map((row, index) => deviceFromRow(row, planDevice(seed, index), seed, now));
    modems = devices.filter((device) => device.plan.satcom !== null);
    usage.start(devices, now);
  }

  async function ensureFleet() {
    const root = await context.db
      .selectFrom('environments')
      .select('id')
      .where('parent_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    environmentId = root.id;
    const now = context.now();
    const existing = await context.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('environment_id', '=', environmentId)
      .where('simulated', '=', 1)
      .executeTakeFirstOrThrow();
    const have = Number(existing.count);
    let created = 0;
    if (have < options.devices) {
      const names = new Set(
        (
          await context.db.selectFrom('devices').select('name').where('environment_id', '=', environmentId).execute()
        ).map((row) => row.name.toLowerCase()),
      );
      const serials = new Set(
        (await context.db.selectFrom('devices').select('pairing_id').execute()).map((row) =>
          row.pairing_id.toLowerCase(),
        ),
      );
      const ranges = (
        await context.db
          .selectFrom('devices')
          .select(['port_from', 'port_to'])
          .where('environment_id', '=', environmentId)
          .where('is_server', '=', 1)
          .execute()
      ).map((row) => [row.port_from ?? 0, row.port_to ?? 0]);
      const plans: DevicePlan[] = [];
      for (let index = have; index < options.devices; index += 1) {
        const plan = planDevice(seed, index);
        const ports = plan.ports;
        const clash =
          names.has(plan.name.toLowerCase()) ||
          serials.has(plan.pairingId.toLowerCase()) ||
          (ports !== null && ranges.some(([from = 0, to = 0]) => from <= ports.to && ports.from <= to));
        if (!clash) plans.push(plan);
      }
      if (plans.length > 0) {
        await context.db.transaction().execute(async (trx) => {
          const firstRevision = await takeRevisions(trx, plans.length);
          // Not held to HALO_ENVIRONMENT_MAX_DEVICES: the demo fleet is the operator's own setting
          // (at most 100,000, below the default limit), not a tenant's; its devices do count.
          for (let start = 0; start < plans.length; start += INSERT_BATCH) {
            const rows: NewDevice[] = plans.slice(start, start + INSERT_BATCH).map((plan, offsetInBatch) => ({
              environment_id: environmentId,
              name: plan.name,
              pairing_id: plan.pairingId,
              type: plan.type,
              is_server: plan.isServer ? 1 : 0,
              is_enabled: 1,
              ip_addresses: JSON.stringify(plan.ipAddresses),
              port_from: plan.ports?.from ?? null,
              port_to: plan.ports?.to ?? null,
              upgrade_policy: JSON.stringify(defaultUpgradePolicy(plan.isServer)),
              simulated: 1,
              created_by: null,
              created_at: now,
              updated_at: now,
              revision: firstRevision + start + offsetInBatch,
              ...statusColumns(initialDevice(plan, seed, now), now),
            }));
            await trx.insertInto('devices').values(rows).execute();
          }
          await writeAudit(
            trx,
            {
              environmentId,
              userId: null,
              username: null,
              resource: AuditResource.DEVICE,
              action: AuditAction.CREATE,
              name: '',
              detail: auditDetail('simulatedFleet', { devices: plans.length, seed }),
            },
            now,
          );
        });
        created = plans.length;
      }
    }
    await loadFleet(now);
    return { created, environmentId };
  }

  async function tick(): Promise<TickReport> {
    tickCount += 1;
    const tickNumber = tickCount;
    const now = context.now();
    if (devices.length === 0) return idle(tickNumber);
    // Devices deleted through the API leave the simulation.
    const present = await context.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('environment_id', '=', environmentId)
      .where('simulated', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(present.count) < devices.length) {
      const ids = new Set(
        (await context.db.selectFrom('devices').select('id').where('simulated', '=', 1).execute()).map((row) => row.id),
      );
      for (const device of devices)
        if (!ids.has(device.id)) {
          thresholdWatch.forget(device.id);
          history.forget(device.id);
        }
      devices = devices.filter((device) => ids.has(device.id));
      modems = modems.filter((device) => ids.has(device.id));
      usage.setFleet(devices);
      if (devices.length === 0) return idle(tickNumber);
    }
    const usageRows = usage.tick(tickNumber, now);
    const random = createRandom((Math.imul(seed + 1, 0x9e3779b1) ^ Math.imul(tickNumber, 0x85ebca77)) >>> 0);
    const count = Math.max(1, Math.round(devices.length * options.changeFraction));
    const logs: LogDraft[] = [];
    const changed: SimulatedDevice[] = [];
    for (const index of sampleIndexes(random, devices.length, count)) {
      const device = devices[index];
      if (!device) continue;
      // The time up to now is billed as the device was, before this tick changes it.
      usage.settle(device, now);
      if (changeDevice(device, random, now, logs)) changed.push(device);
    }
    // Devices against their environment's thresholds as they are now: a changed limit counts
    // from this tick (from the device's next reading in a fleet above THRESHOLD_READINGS_PER_TICK).
    const thresholds = await environmentThresholds(context.db, environmentId, now);
    // In slices with a turn of the event loop between them: 10,000 readings at once held the
    // provider's thread for about 90 ms a tick (issue 25).
    logs.push(
      ...(await inTurns(devicesToRead(devices, changed), THRESHOLD_READINGS_PER_TURN, (slice) =>
        thresholdWatch.evaluate(
          slice.map((device) => watchedDevice(device, now)),
          thresholds,
          now,
        ),
      )),
    );
    let recording: { deviceId: number; uuid: string; start: number; size: number } | null = null;
    if (random.chance(rfChance)) {
      const candidate = devices[random.int(0, devices.length - 1)];
      if (candidate?.activated) {
        const size = random.int(2048, 8192);
        const data = Buffer.alloc(size);
        for (let index = 0; index < size; index += 1) data[index] = random.int(0, 255);
        const uuid = seededUuid(random);
        recording = { deviceId: candidate.id, uuid, start: now - random.int(10, 300) * 1000, size };
        await writeRfRecordingFile(context.config.dataDir, `${uuid}.iq`, data);
      }
    }
    // Its own stream, so satellite messages leave the rest of a tick as it was without them.
    const satcomRandom = createRandom((Math.imul(seed + 7, 0x2c1b3c6d) ^ Math.imul(tickNumber, 0x297a2d39)) >>> 0);
    const satcom = pickSatcomSenders(satcomRandom, modems, satcomChance).map((device) =>
      satcomMessage(device, satcomRandom, now),
    );
    const samples = history.due(environmentId, devices, changed, now);
    // The changed devices' statuses in transactions of STATUS_WRITE_BATCH devices, with a turn of
    // the event loop between them: one transaction for a 100,000-device fleet's 1,000 changes
    // held the provider's only thread (and its one SQLite connection) for 150-250 ms each
    // second, and every other tenant's request waited that long (issue 25). Each device's row
    // is still written whole, in one statement.
    await forEachSlice(changed, STATUS_WRITE_BATCH, (batch) =>
      context.db.transaction().execute(async (trx) => {
        const firstRevision = await takeRevisions(trx, batch.length);
        const updates: StatusUpdate[] = batch.map((device, index) => ({
          id: device.id,
          columns: statusColumns(device, now),
          updatedAt: now,
          revision: firstRevision + index,
        }));
        await updateDeviceStatuses(trx, updates);
      }),
    );
    if (changed.length > 0) await yieldToLoop();
    // The position samples (and their rollups) in a transaction of their own, for the same reason.
    if (samples.length > 0) {
      // Pruning the history is the retention job's (jobs/scheduledJobs.ts).
      await context.db.transaction().execute((trx) => insertPositionSamples(trx, samples));
      await yieldToLoop();
    }
    if (logs.length > 0 || recording || satcom.length > 0 || usageRows.length > 0) {
      await context.db.transaction().execute(async (trx) => {
        for (let start = 0; start < logs.length; start += INSERT_BATCH) {
          await trx
            .insertInto('system_logs')
            .values(
              logs
                .slice(start, start + INSERT_BATCH)
                .map((entry) => ({ ...entry, environment_id: environmentId, log_time: now })),
            )
            .execute();
        }
        for (let start = 0; start < satcom.length; start += INSERT_BATCH) {
          await trx
            .insertInto('satcom_messages')
            .values(
              satcom
                .slice(start, start + INSERT_BATCH)
                .map((message) => ({ ...message, environment_id: environmentId, log_time: now })),
            )
            .execute();
        }
        await addConnectedSeconds(trx, usageRows);
        if (recording) {
          await trx
            .insertInto('rf_recordings')
            .values({
              environment_id: environmentId,
              device_id: recording.deviceId,
              report_uuid: recording.uuid,
              file_name: `${recording.uuid}.iq`,
              size_bytes: recording.size,
              start_time: recording.start,
              end_time: now,
              created_at: now,
            })
            .execute();
        }
      });
    }
    return {
      tick: tickNumber,
      changed: changed.map((device) => device.id),
      logs: logs.length,
      rfRecordings: recording ? 1 : 0,
      satcomMessages: satcom.length,
      connectedSeconds: usageRows.reduce((total, row) => total + row.seconds, 0),
      positionSamples: samples.length,
    };
  }

  function schedule(delay: number, tickMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      const started = Date.now();
      running = tick()
        .catch((error: unknown) => {
          serviceLog.error({ err: error }, 'simulator tick failed');
        })
        .finally(() => schedule(Math.max(0, tickMs - (Date.now() - started)), tickMs));
    }, delay);
  }

  return {
    ensureFleet,
    tick,
    start(tickMs) {
      stopped = false;
      schedule(Math.max(MIN_TICK_MS, tickMs), Math.max(MIN_TICK_MS, tickMs));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      // Usage accrued since each device's last write would otherwise be lost.
      const pending = usage.drainAll();
      if (pending.length === 0) return;
      await addConnectedSeconds(context.db, pending).catch((error: unknown) => {
        serviceLog.error({ err: error }, 'simulator: writing usage on stop failed');
      });
    },
    get devices() {
      return devices;
    },
  };
}
