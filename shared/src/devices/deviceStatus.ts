/** The display rules of spec section 4 for devices: connection, location, links. */
import { LINK_INTERFACE_KINDS } from '../constants/constants.js';
import { ConnectionStatus, LocationStatus } from '../constants/enums.js';
import type { LinkInterfaceKind } from '../constants/constants.js';
import type { DataLinksInfo, GeoLocation } from './deviceTelemetry.js';

/**
 * Not activated shows non-activated; otherwise availability 1 is connected, 0 not
 * connected, anything else unknown (shown as '-').
 */
export function connectionStatus(device: {
  readonly is_activated: boolean;
  readonly availability: number | null | undefined;
}): ConnectionStatus {
  if (!device.is_activated) return ConnectionStatus.NON_ACTIVATED;
  if (device.availability === 1) return ConnectionStatus.CONNECTED;
  if (device.availability === 0) return ConnectionStatus.NOT_CONNECTED;
  return ConnectionStatus.UNKNOWN;
}

/**
 * Accuracy 0 with coordinates summing to 0 is unavailable; accuracy 0 otherwise is offline;
 * a nonzero accuracy is online when the device is connected, else offline.
 */
export function locationStatus(location: GeoLocation | null | undefined, connected: boolean): LocationStatus {
  if (!location) return LocationStatus.UNAVAILABLE;
  if (location.accuracy === 0) {
    const sum = location.coordinate.reduce((total, value) => total + value, 0);
    return sum === 0 ? LocationStatus.UNAVAILABLE : LocationStatus.OFFLINE;
  }
  return connected ? LocationStatus.ONLINE : LocationStatus.OFFLINE;
}

export interface LinkCounts {
  readonly online: number;
  readonly total: number;
}

/** Online and total links of each interface kind (cellular, eth, wifi, vlan, vpn). */
export function linkCountsByKind(
  info: Partial<DataLinksInfo> | null | undefined,
): Record<LinkInterfaceKind, LinkCounts> {
  const counts = {} as Record<LinkInterfaceKind, LinkCounts>;
  for (const kind of LINK_INTERFACE_KINDS) {
    const links = info?.[kind] ?? [];
    counts[kind] = { online: links.filter((link) => link.is_online).length, total: links.length };
  }
  return counts;
}

/** The sum of per-kind counts. */
export function totalLinks(byKind: Readonly<Record<string, LinkCounts>>): LinkCounts {
  let online = 0;
  let total = 0;
  for (const counts of Object.values(byKind)) {
    online += counts.online;
    total += counts.total;
  }
  return { online, total };
}

/** Online and total links over cellular, eth, wifi, vlan and vpn. */
export function countLinks(info: Partial<DataLinksInfo> | null | undefined): LinkCounts {
  return totalLinks(linkCountsByKind(info));
}
