import {
  CHIP_OF_HEALTH,
  ConnectionStatus,
  DeviceRole,
  deviceHealth,
  DeviceType,
  connectionStatus,
  countLinks,
  locationStatus,
  type Device,
  type DeviceLiveState,
  type GeoLocation,
} from '@halo/shared';
import { fleetRowOf, linksText, shownMainApp, type FleetRow } from '../../lib/fleet';

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
  const connection = connectionStatus(device);
  const mainApp = shownMainApp(connection, device.main_app_status);
  const links = countLinks(device.halo_data_links_info);
  const location = device.latest_location ?? null;
  return {
    id: device.id,
    name: device.name,
    pairingId: device.pairing_id,
    type: device.type,
    role: device.is_server ? DeviceRole.SERVER : DeviceRole.CLIENT,
    isEnabled: device.is_enabled,
    isActivated: device.is_activated,
    connection,
    mainApp,
    links,
    linksText: linksText(connection, links),
    locationStatus: locationStatus(location, connection === ConnectionStatus.CONNECTED),
    gnssLock: device.gnss_lock ?? device.halo_system_report?.gnss_lock ?? null,
    versions: versionsOf(device),
    chip: CHIP_OF_HEALTH[deviceHealth(connection, mainApp, links)],
    live: null,
    location,
  };
}

export const DEVICE_TYPE_NAMES: Readonly<Record<number, string>> = {
  [DeviceType.HALO]: 'HALO',
  [DeviceType.DRONECOMMX]: 'DRONECOMMX',
};
