import { DeviceType, countLinks, type Device, type DeviceLiveState, type GeoLocation } from '@halo/shared';
import { fleetRowFrom, fleetRowOf, type FleetRow } from '../../lib/fleet';

/** A device as its panel shows it: the row's facts, its links per kind and where it is. */
export interface DeviceRow extends FleetRow {
  readonly live: DeviceLiveState | null;
  readonly location: GeoLocation | null;
}

function versionsOf(device: Device): string {
  return device.halo_system_report?.firmware_version ?? '';
}

/**
 * A device's row from its live state when the feed has one, otherwise from its record (GET
 * devices): the live state wins for everything it carries.
 */
export function buildDeviceRow(device: Device, live: DeviceLiveState | null = null): DeviceRow {
  if (live) return { ...fleetRowOf(live), live, location: live.location ?? null };
  const location = device.latest_location ?? null;
  const row = fleetRowFrom({
    id: device.id,
    name: device.name,
    pairingId: device.pairing_id,
    type: device.type,
    isServer: device.is_server,
    isEnabled: device.is_enabled,
    isActivated: device.is_activated,
    availability: device.availability,
    mainAppStatus: device.main_app_status,
    links: countLinks(device.halo_data_links_info),
    location,
    gnssLock: device.gnss_lock ?? device.halo_system_report?.gnss_lock ?? null,
    versions: versionsOf(device),
  });
  return { ...row, live: null, location };
}

export const DEVICE_TYPE_NAMES: Readonly<Record<number, string>> = {
  [DeviceType.HALO]: 'HALO',
  [DeviceType.DRONECOMMX]: 'DRONECOMMX',
};
