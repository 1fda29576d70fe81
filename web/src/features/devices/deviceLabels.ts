import {
  ConnectionStatus,
  DeviceRole,
  LocationStatus,
  MainAppStatus,
  type DeviceChipState,
  type DeviceInput,
  type LinkInterfaceKind,
  type UPGRADE_DAYS,
  type UpgradePolicyInput,
} from '@halo/shared';
import type { TFunction } from 'i18next';
import type { DeviceStatusFilter, FleetCellTexts, FleetFeedState } from '../../lib/fleet';
import { DEVICE_TYPE_NAMES } from './devicesTableModel';

/** The texts of the Devices screen's enumerations, each key written out so a search finds it. */
export const DAY_LABEL_KEYS: Readonly<Record<(typeof UPGRADE_DAYS)[number], string>> = {
  1: 'devices.days.1',
  2: 'devices.days.2',
  3: 'devices.days.3',
  4: 'devices.days.4',
  5: 'devices.days.5',
  6: 'devices.days.6',
  7: 'devices.days.7',
};

export const CHIP_LABEL_KEYS: Readonly<Record<DeviceChipState, string>> = {
  connected: 'devices.chip.connected',
  notConnected: 'devices.chip.notConnected',
  alert: 'devices.chip.alert',
  notActivated: 'devices.chip.notActivated',
};

export const CONNECTION_LABEL_KEYS: Readonly<Record<ConnectionStatus, string>> = {
  [ConnectionStatus.CONNECTED]: 'devices.connectionName.1',
  [ConnectionStatus.NOT_CONNECTED]: 'devices.connectionName.2',
  [ConnectionStatus.NON_ACTIVATED]: 'devices.connectionName.3',
  [ConnectionStatus.UNKNOWN]: 'devices.connectionName.4',
};

export const LOCATION_LABEL_KEYS: Readonly<Record<LocationStatus, string>> = {
  [LocationStatus.UNAVAILABLE]: 'devices.locationName.0',
  [LocationStatus.OFFLINE]: 'devices.locationName.1',
  [LocationStatus.ONLINE]: 'devices.locationName.2',
};

export const LINK_KIND_LABEL_KEYS: Readonly<Record<LinkInterfaceKind, string>> = {
  cellular: 'devices.linkKind.cellular',
  eth: 'devices.linkKind.eth',
  wifi: 'devices.linkKind.wifi',
  vlan: 'devices.linkKind.vlan',
  vpn: 'devices.linkKind.vpn',
};

/**
 * The words of the Devices table's cells in the reader's language: the table's cells and its
 * CSV export (made in the fleet worker) both say a row with them (fleetCellText).
 */
export function deviceCellTexts(t: TFunction): FleetCellTexts {
  return {
    type: DEVICE_TYPE_NAMES,
    role: { [DeviceRole.CLIENT]: t('devices.role.client'), [DeviceRole.SERVER]: t('devices.role.server') },
    connection: {
      [ConnectionStatus.CONNECTED]: t('devices.connection.connected'),
      [ConnectionStatus.NOT_CONNECTED]: t('devices.connection.notConnected'),
      [ConnectionStatus.NON_ACTIVATED]: t('devices.connection.nonActivated'),
      [ConnectionStatus.UNKNOWN]: t('devices.connection.unknown'),
    },
    mainApp: {
      [MainAppStatus.NONE]: t('devices.mainApp.none'),
      [MainAppStatus.ONLINE]: t('devices.mainApp.online'),
      [MainAppStatus.OFFLINE]: t('devices.mainApp.offline'),
    },
    location: {
      [LocationStatus.UNAVAILABLE]: t('devices.location.unavailable'),
      [LocationStatus.OFFLINE]: t('devices.location.offline'),
      [LocationStatus.ONLINE]: t('devices.location.online'),
    },
    gnss: { locked: t('devices.gnss.locked'), noLock: t('devices.gnss.noLock') },
    enabled: { enabled: t('devices.enabledState.enabled'), disabled: t('devices.enabledState.disabled') },
  };
}

export const FEED_STATE_LABEL_KEYS: Readonly<Record<FleetFeedState['kind'], string>> = {
  connecting: 'devices.live.connecting',
  live: 'devices.live.live',
  refused: 'devices.live.refused',
};

export const STATUS_FILTER_LABEL_KEYS: Readonly<Record<DeviceStatusFilter, string>> = {
  all: 'devices.filter.all',
  connected: 'devices.filter.connected',
  notConnected: 'devices.filter.notConnected',
  nonActivated: 'devices.filter.nonActivated',
  unknown: 'devices.filter.unknown',
  mainAppOnline: 'devices.filter.mainAppOnline',
  mainAppOffline: 'devices.filter.mainAppOffline',
  alert: 'devices.filter.alert',
  problems: 'devices.filter.problems',
};

/** The label of every field of a device as the API names it (POST /devices, the import's columns). */
const DEVICE_FIELD_LABEL_KEYS: Readonly<Record<keyof DeviceInput | keyof UpgradePolicyInput, string>> = {
  name: 'devices.fields.name',
  pairing_id: 'devices.fields.pairingId',
  type: 'devices.fields.type',
  is_enabled: 'devices.fields.enabled',
  is_server: 'devices.fields.server',
  ip_addresses: 'devices.fields.ipAddresses',
  ports: 'devices.fields.ports',
  upgrade_policy: 'devices.sections.upgrade',
  is_auto_upgrade_enabled: 'devices.fields.autoUpgrade',
  allowed_days: 'devices.fields.allowedDays',
  allowed_hours: 'devices.fields.allowedHours',
  fixed_version: 'devices.fields.fixedVersion',
  idle_timeout_in_minutes: 'devices.fields.idleTimeout',
};

/**
 * What a user calls the field at a path the API names: `ip_addresses.0` is "IP address 1",
 * `ports.from` the port range, `upgrade_policy.allowed_days` the allowed days. A path of no
 * known field is shown as it is.
 */
export function deviceFieldLabel(t: TFunction, path: string): string {
  const parts = path.split('.');
  const address = parts.indexOf('ip_addresses');
  const index = address >= 0 ? parts[address + 1] : undefined;
  if (index !== undefined && /^\d+$/.test(index)) return t('devices.fields.ipAddress', { index: Number(index) + 1 });
  const known = parts.findLast((part) => Object.hasOwn(DEVICE_FIELD_LABEL_KEYS, part)) as
    keyof typeof DEVICE_FIELD_LABEL_KEYS | undefined;
  return known ? t(DEVICE_FIELD_LABEL_KEYS[known]) : path;
}
