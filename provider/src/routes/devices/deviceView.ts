import {
  connectionStatus,
  LINK_INTERFACE_KINDS,
  type Device,
  type DeviceLiveState,
  type GeoLocation,
  type LinkInterfaceKind,
} from '@halo/shared';
import { inTurns } from '../../loopTurns.js';
import { parseJson, parseLinksInfo, parseSystemReport, parseUpgradePolicy } from '../../store/deviceJsonColumns.js';
import type { DeviceRow } from '../../store/schema.js';

export type LinksSummary = Record<LinkInterfaceKind, { online: number; total: number }>;

/** A devices_state entry: the spec's {device_id, device_state} plus the live fields the gateway fans out. */
export type DeviceStateEntryView = DeviceLiveState & { device_id: number; revision: number };

/**
 * Devices shaped in one turn of the event loop (loopTurns.ts): 2,000 is about 20 ms of the
 * provider's thread; a 100,000-device answer in one turn held every other request a second.
 */
const SHAPED_PER_TURN = 2000;

const iso = (time: number | null): string | null => (time === null ? null : new Date(time).toISOString());

function parseAddresses(text: string): string[] {
  const parsed = parseJson(text);
  return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
}

/** The columns a devices_state entry needs: never the large JSON reports. */
export const DEVICE_STATE_COLUMNS = [
  'id',
  'name',
  'pairing_id',
  'type',
  'is_server',
  'is_enabled',
  'is_activated',
  'availability',
  'main_app_status',
  'links_summary',
  'gnss_lock',
  'firmware_version',
  'longitude',
  'latitude',
  'altitude',
  'accuracy',
  'location_time',
  'updated_at',
  'revision',
] as const;
export type DeviceStateRow = Pick<DeviceRow, (typeof DEVICE_STATE_COLUMNS)[number]>;
type LocationColumns = Pick<DeviceRow, 'longitude' | 'latitude' | 'altitude' | 'accuracy' | 'location_time'>;

export function parseLinksSummary(row: Pick<DeviceRow, 'links_summary'>): LinksSummary {
  const parsed = parseJson(row.links_summary) as Partial<LinksSummary> | null;
  const summary = {} as LinksSummary;
  for (const kind of LINK_INTERFACE_KINDS) {
    const counts = parsed?.[kind];
    summary[kind] = { online: Number(counts?.online ?? 0), total: Number(counts?.total ?? 0) };
  }
  return summary;
}

/** The latest GNSS fix; a device that never reported one answers null. */
export function locationOf(row: LocationColumns): GeoLocation | null {
  if (row.longitude === null || row.latitude === null) return null;
  return {
    coordinate: [row.longitude, row.latitude],
    altitude: row.altitude,
    time: iso(row.location_time),
    accuracy: row.accuracy ?? 0,
  };
}

/** devices_state's device_state: the section 4 connection status (1 connected, 2 not, 3 non-activated, 4 unknown). */
export function deviceStateOf(row: Pick<DeviceRow, 'is_activated' | 'availability'>): number {
  return connectionStatus({ is_activated: row.is_activated === 1, availability: row.availability });
}

/** The settings a bulk action changes (enabled, upgrade policy), as deviceView answers them. */
export function deviceSettingsView(row: Pick<DeviceRow, 'is_enabled' | 'upgrade_policy'>) {
  return { is_enabled: row.is_enabled === 1, upgrade_policy: parseUpgradePolicy(row.upgrade_policy) };
}

/** A device as GET /devices answers it. */
export function deviceView(row: DeviceRow): Device {
  const isServer = row.is_server === 1;
  const settings = deviceSettingsView(row);
  return {
    id: row.id,
    name: row.name,
    pairing_id: row.pairing_id,
    type: row.type,
    product_type: row.product_type,
    is_server: isServer,
    is_enabled: settings.is_enabled,
    is_activated: row.is_activated === 1,
    state: deviceStateOf(row),
    availability: row.availability,
    main_app_status: row.main_app_status,
    halo_system_report: parseSystemReport(row.halo_system_report),
    halo_data_links_info: parseLinksInfo(row.halo_data_links_info),
    latest_location: locationOf(row),
    time_info: {
      last_seen: iso(row.last_seen_at),
      activated_at: iso(row.activated_at),
      created_at: new Date(row.created_at).toISOString(),
    },
    ip_addresses: isServer ? parseAddresses(row.ip_addresses) : [],
    ports: isServer && row.port_from !== null && row.port_to !== null ? { from: row.port_from, to: row.port_to } : null,
    upgrade_policy: settings.upgrade_policy,
    gnss_lock: row.gnss_lock === null ? null : row.gnss_lock === 1,
    device_certificate: row.device_certificate,
    environment_id: row.environment_id,
    created_by: row.created_by,
  };
}

/** How a live state gets its link counts and versions objects: parsed afresh, or shared (liveStatesInTurns). */
interface LiveParts {
  links(row: DeviceStateRow): LinksSummary;
  versions(firmware: string): Record<string, string>;
}
const freshParts: LiveParts = { links: parseLinksSummary, versions: (firmware) => ({ firmware }) };

/**
 * Link counts and versions for many rows, one shared object per distinct text (parsed once): a
 * fleet has a few hundred distinct values for 100,000 devices, and the columns codec writes a
 * shared object once without looking at it again.
 */
function sharedLiveParts(): LiveParts {
  const links = new Map<string | null, LinksSummary>();
  const versions = new Map<string, Record<string, string>>();
  return {
    links: (row) => {
      let value = links.get(row.links_summary);
      if (value === undefined) links.set(row.links_summary, (value = parseLinksSummary(row)));
      return value;
    },
    versions: (firmware) => {
      let value = versions.get(firmware);
      if (value === undefined) versions.set(firmware, (value = { firmware }));
      return value;
    },
  };
}

/** Live states of many rows in turns (loopTurns.ts), equal link counts and versions one shared object each. */
export function liveStatesInTurns(rows: readonly DeviceStateRow[]): Promise<DeviceLiveState[]> {
  const parts = sharedLiveParts();
  return inTurns(rows, SHAPED_PER_TURN, (slice) => slice.map((row) => deviceLiveState(row, parts)));
}

/** A device's live state as devices_state tells it (its entry without the spec's id and the revision). */
export function deviceLiveState(row: DeviceStateRow, parts: LiveParts = freshParts): DeviceLiveState {
  const location = locationOf(row);
  return {
    device_state: deviceStateOf(row),
    id: row.id,
    name: row.name,
    pairing_id: row.pairing_id,
    type: row.type,
    is_server: row.is_server === 1,
    is_enabled: row.is_enabled === 1,
    is_activated: row.is_activated === 1,
    availability: row.availability,
    main_app_status: row.main_app_status,
    links: parts.links(row),
    location: location && {
      coordinate: location.coordinate,
      altitude: location.altitude ?? null,
      accuracy: location.accuracy,
      time: location.time ?? null,
    },
    ...(row.gnss_lock === null ? {} : { gnss_lock: row.gnss_lock === 1 }),
    ...(row.firmware_version ? { versions: parts.versions(row.firmware_version) } : {}),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A devices_state entry (see DeviceStateEntryView). */
export function deviceStateEntry(row: DeviceStateRow): DeviceStateEntryView {
  return { device_id: row.id, ...deviceLiveState(row), revision: Number(row.revision) };
}
