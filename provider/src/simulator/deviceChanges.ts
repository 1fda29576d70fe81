import type { FleetPaceRates } from './fleetPace.js';
import {
  MainAppStatus,
  Severity,
  SystemLogEvent,
  ThresholdAttributeType,
  type DataLink,
  type DataLinksInfo,
} from '@halo/shared';
import type { NewSystemLog } from '../store/schema.js';
import { randomPointIn, type SimulatedDevice } from './fleetPlan.js';
import { sampleIndexes, type Random } from './random.js';
import { coverageAt, distanceMeters, headingTowards, offset } from './regions.js';

/**
 * What happens to a device in a tick (connects, drops, flaps a link, moves, heats up ...), as
 * the device's new state and the system log entries it raises. Pure: the seeded generator
 * decides, the store is the tick's business (tickWrites.ts).
 */

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

export type LogDraft = Omit<NewSystemLog, 'environment_id' | 'log_time'>;

function logEntry(
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
export function setLinkOnline(link: DataLink, online: boolean, now: number) {
  if (link.is_online && !online) link.offline_since = new Date(now).toISOString();
  if (online) link.offline_since = null;
  link.is_online = online;
}

function setLinks(device: SimulatedDevice, online: (kind: keyof DataLinksInfo, index: number) => boolean, now: number) {
  for (const [kind, links] of Object.entries(device.links) as [keyof DataLinksInfo, DataLink[]][]) {
    for (const [index, link] of links.entries()) setLinkOnline(link, online(kind, index), now);
  }
}

/** The device connects: its main application in `mainAppStatus`, each link up as `online` says, and the log entry. */
export function connectDevice(
  device: SimulatedDevice,
  mainAppStatus: MainAppStatus,
  online: (kind: keyof DataLinksInfo, index: number) => boolean,
  now: number,
  logs: LogDraft[],
) {
  device.availability = 1;
  device.mainAppStatus = mainAppStatus;
  setLinks(device, online, now);
  logs.push(
    logEntry(
      device,
      ThresholdAttributeType.DEVICE_STATE,
      SystemLogEvent.DEVICE_CONNECTED,
      '1',
      Severity.NORMAL,
      'connected',
    ),
  );
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
export function linkChangeLog(device: SimulatedDevice, kind: keyof DataLinksInfo, link: DataLink): LogDraft {
  const severity = link.is_online ? Severity.NORMAL : kind === 'eth' ? Severity.MAJOR : Severity.MINOR;
  return logEntry(
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

/** Whether something of odds `odds` happens; a certainty draws no number, so a churning fleet's run is as it always was for its seed. */
const happens = (random: Random, odds: number) => odds >= 1 || random.chance(odds);

/** One device's change this tick, at the fleet's pace; answers false when nothing changed. */
export function changeDevice(
  device: SimulatedDevice,
  random: Random,
  now: number,
  logs: LogDraft[],
  pace: FleetPaceRates,
): boolean {
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
      logEntry(
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
  if (!connected && roll < pace.returnBand) {
    const mainAppStatus = random.chance(0.9) ? MainAppStatus.ONLINE : MainAppStatus.OFFLINE;
    connectDevice(device, mainAppStatus, () => random.chance(0.85), now, logs);
  } else if (roll < 0.1) {
    if (connected && happens(random, pace.drop)) {
      device.availability = 0;
      device.mainAppStatus = MainAppStatus.NONE;
      setLinks(device, () => false, now);
      logs.push(
        logEntry(
          device,
          ThresholdAttributeType.DEVICE_STATE,
          SystemLogEvent.DEVICE_DISCONNECTED,
          '0',
          Severity.MAJOR,
          'disconnected',
        ),
      );
    }
  } else if (roll < 0.3 && connected) {
    const all = (Object.entries(device.links) as [keyof DataLinksInfo, DataLinksInfo[keyof DataLinksInfo]][]).flatMap(
      ([kind, links]) => links.map((link) => ({ kind, link })),
    );
    if (all.length > 0) {
      const { kind, link } = random.pick(all);
      if (!link.is_online || happens(random, pace.linkFails)) {
        setLinkOnline(link, !link.is_online, now);
        logs.push(linkChangeLog(device, kind, link));
      }
    }
  } else if (
    roll < 0.38 &&
    connected &&
    (device.mainAppStatus !== MainAppStatus.ONLINE || happens(random, pace.appFails))
  ) {
    const online = device.mainAppStatus !== MainAppStatus.ONLINE;
    device.mainAppStatus = online ? MainAppStatus.ONLINE : MainAppStatus.OFFLINE;
    logs.push(
      logEntry(
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
    // At a steady pace it drifts back towards its rest; a heat wave is the storm control's.
    const pull = pace.temperatureRest === null ? 0 : (pace.temperatureRest - device.temperature) * 0.2;
    device.temperature = Math.min(92, Math.max(25, device.temperature + random.between(-5, 6) + pull));
  } else if (roll < 0.53 && connected) {
    device.gnssLock = !device.gnssLock;
    device.accuracy = device.gnssLock ? random.between(2, 10) : 0;
  } else if (roll < 0.55 && connected && device.links.cellular.length > 0) {
    const modem = random.pick(device.links.cellular);
    const what = random.pick(['inserted', 'removed', 'swapped']);
    device.simEventTimes.push(now);
    logs.push(
      logEntry(
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
 * The tick's changes: `changeFraction` of the fleet (at least one device), sampled by `random`.
 * `beforeChange` sees each sampled device as it was (the usage meter bills the time up to now);
 * a device `leaveAlone` names (one the simulator was told how to be) is passed over.
 */
export function changeSomeDevices(
  devices: readonly SimulatedDevice[],
  random: Random,
  changeFraction: number,
  now: number,
  beforeChange: (device: SimulatedDevice) => void,
  pace: FleetPaceRates,
  leaveAlone: (device: SimulatedDevice) => boolean = () => false,
): { changed: SimulatedDevice[]; logs: LogDraft[] } {
  const count = Math.max(1, Math.round(devices.length * changeFraction));
  const logs: LogDraft[] = [];
  const changed: SimulatedDevice[] = [];
  for (const index of sampleIndexes(random, devices.length, count)) {
    const device = devices[index];
    if (!device || leaveAlone(device)) continue;
    beforeChange(device);
    if (changeDevice(device, random, now, logs, pace)) changed.push(device);
  }
  return { changed, logs };
}
