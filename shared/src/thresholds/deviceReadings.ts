/**
 * A device's reading for each threshold attribute type, from what the device reports: the
 * simulator evaluates these every tick and the threshold editor counts them. An attribute a
 * device cannot be read on right now (not connected, no such port) has no reading.
 */
import { ThresholdAttributeType } from '../constants/enums.js';
import type { DataLink, DataLinksInfo } from '../devices/deviceTelemetry.js';

/** The system log event type of a SIM event (inserted, removed, swapped), which SIM_EVENT counts. */
export const SIM_EVENT_TYPE = 'sim_event';

export interface DeviceFacts {
  readonly activated: boolean;
  /** availability 1. */
  readonly connected: boolean;
  /** When the device was last connected (epoch ms). */
  readonly lastSeenAt: number | null;
  readonly temperature: number | null;
  readonly links: Partial<DataLinksInfo> | null;
  /** SIM events (inserted, removed, swapped) the device reported in the last hour. */
  readonly simEventsLastHour: number;
}

const MINUTE_MS = 60_000;

const CELLULAR_PORTS = [
  ThresholdAttributeType.CELLULAR_PORT_1,
  ThresholdAttributeType.CELLULAR_PORT_2,
  ThresholdAttributeType.CELLULAR_PORT_3,
  ThresholdAttributeType.CELLULAR_PORT_4,
] as const;
const ETHERNET_PORTS = [
  ThresholdAttributeType.ETHERNET_PORT_1,
  ThresholdAttributeType.ETHERNET_PORT_2,
  ThresholdAttributeType.ETHERNET_PORT_3,
] as const;

/** Minutes, to a tenth. */
const minutes = (milliseconds: number) => Math.max(0, Math.round(milliseconds / (MINUTE_MS / 10)) / 10);

/** Minutes a link has been down: 0 while it is up. */
function minutesDown(link: DataLink | undefined, now: number): number | null {
  if (!link) return null;
  if (link.is_online) return 0;
  const since = link.offline_since ? Date.parse(link.offline_since) : Number.NaN;
  return Number.isNaN(since) ? 0 : minutes(now - since);
}

export function deviceReadings(facts: DeviceFacts, now: number): Map<ThresholdAttributeType, number> {
  const readings = new Map<ThresholdAttributeType, number>();
  if (!facts.activated) return readings;
  readings.set(ThresholdAttributeType.SIM_EVENT, facts.simEventsLastHour);
  if (!facts.connected) {
    // A device that is not connected reports nothing else: how long it has been gone is the reading.
    readings.set(ThresholdAttributeType.DEVICE_STATE, facts.lastSeenAt === null ? 0 : minutes(now - facts.lastSeenAt));
    return readings;
  }
  readings.set(ThresholdAttributeType.DEVICE_STATE, 0);
  if (facts.temperature !== null) readings.set(ThresholdAttributeType.TEMPERATURE, facts.temperature);
  const links = facts.links ?? {};
  const port = (kind: keyof DataLinksInfo, number: number) => links[kind]?.find((link) => link.port === number);
  CELLULAR_PORTS.forEach((type, index) => {
    const modem = port('cellular', index + 1);
    if (modem?.is_online && typeof modem.signal === 'number') readings.set(type, modem.signal);
  });
  ETHERNET_PORTS.forEach((type, index) => {
    const down = minutesDown(port('eth', index + 1), now);
    if (down !== null) readings.set(type, down);
  });
  const wifi = minutesDown(port('wifi', 1), now);
  if (wifi !== null) readings.set(ThresholdAttributeType.WIFI, wifi);
  const vlan = minutesDown(port('vlan', 1), now);
  if (vlan !== null) readings.set(ThresholdAttributeType.VLAN, vlan);
  const modems = links.cellular ?? [];
  if (modems.length > 0) {
    const online = modems.filter((modem) => modem.is_online).length;
    readings.set(ThresholdAttributeType.CELLULAR_MODEMS_HEALTH, Math.round((online / modems.length) * 100));
  }
  return readings;
}

/** How a reading is written in a log entry: to a tenth, with its unit. */
export function formatReading(reading: number, unit: string | null): string {
  const value = Number.isInteger(reading) ? String(reading) : reading.toFixed(1);
  return unit ? `${value} ${unit}` : value;
}
