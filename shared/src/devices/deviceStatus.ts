/** The display rules of spec section 4 for devices: connection, location, links, state merge. */
import { LINK_INTERFACE_KINDS } from '../constants/constants.js';
import { ConnectionStatus, LocationStatus } from '../constants/enums.js';
import {
  DEVICES_STATE_INCREMENTAL,
  type DataLinksInfo,
  type DeviceStateEntry,
  type GeoLocation,
} from './deviceTelemetry.js';

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

/** Online and total links over cellular, eth, wifi, vlan and vpn. */
export function countLinks(info: Partial<DataLinksInfo> | null | undefined): LinkCounts {
  let online = 0;
  let total = 0;
  for (const kind of LINK_INTERFACE_KINDS) {
    for (const link of info?.[kind] ?? []) {
      total += 1;
      if (link.is_online) online += 1;
    }
  }
  return { online, total };
}

/** The links cell: online/total when connected, 0/total when not, '-' when not activated. */
export function formatLinks(
  device: { readonly is_activated: boolean; readonly availability: number | null | undefined },
  info: Partial<DataLinksInfo> | null | undefined,
): string {
  const status = connectionStatus(device);
  if (status === ConnectionStatus.NON_ACTIVATED) return '-';
  const { online, total } = countLinks(info);
  return status === ConnectionStatus.CONNECTED ? `${online}/${total}` : `0/${total}`;
}

/**
 * Merges a devices_state answer into what is known. With `requestState` equal to 1 the
 * answer is incremental: known devices not in it fall back to device_state 0, new ones are
 * appended. Any other request state replaces the list.
 */
export function mergeDevicesState(
  known: readonly DeviceStateEntry[],
  incoming: readonly DeviceStateEntry[],
  requestState: number,
): DeviceStateEntry[] {
  if (requestState !== DEVICES_STATE_INCREMENTAL) return incoming.map((entry) => ({ ...entry }));
  const fresh = new Map(incoming.map((entry) => [entry.device_id, entry.device_state]));
  const merged = known.map((entry) => ({ device_id: entry.device_id, device_state: fresh.get(entry.device_id) ?? 0 }));
  const knownIds = new Set(known.map((entry) => entry.device_id));
  for (const entry of incoming) {
    if (!knownIds.has(entry.device_id)) {
      merged.push({ ...entry });
      knownIds.add(entry.device_id);
    }
  }
  return merged;
}
