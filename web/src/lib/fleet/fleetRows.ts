import {
  CHIP_OF_HEALTH,
  ConnectionStatus,
  deviceHealth,
  isProblemHealth,
  DeviceRole,
  MainAppStatus,
  connectionStatus,
  DeviceType,
  locationStatus,
  totalLinks,
  type DeviceChipState,
  type DeviceLiveState,
  type LinkCounts,
  type LocationStatus,
} from '@halo/shared';

/**
 * One row of the Devices table, from a device's live state, with the display rules of spec
 * section 4 applied once. Plain data: rows are made in the fleet worker and posted to the page.
 */
export interface FleetRow {
  readonly id: number;
  readonly name: string;
  readonly pairingId: string;
  readonly type: number;
  readonly role: DeviceRole;
  readonly isEnabled: boolean;
  readonly isActivated: boolean;
  readonly connection: ConnectionStatus;
  /** Shown only when connected (spec section 4); null otherwise. */
  readonly mainApp: MainAppStatus | null;
  readonly links: LinkCounts;
  /** online/total when connected, 0/total when not, '-' when not activated. */
  readonly linksText: string;
  readonly locationStatus: LocationStatus;
  readonly gnssLock: boolean | null;
  readonly versions: string;
  readonly chip: DeviceChipState;
  /** Enabled and needing attention by its own state, as Home's and the wall's problem lists judge it. */
  readonly problem: boolean;
}

/** The links cell of spec section 4 from counts over the five interface kinds. */
export function linksText(connection: ConnectionStatus, links: LinkCounts): string {
  if (connection === ConnectionStatus.NON_ACTIVATED) return '-';
  return connection === ConnectionStatus.CONNECTED ? `${links.online}/${links.total}` : `0/${links.total}`;
}

/** The main application status as shown: only when connected, and none for an unknown value. */
function shownMainApp(connection: ConnectionStatus, raw: number | null | undefined): MainAppStatus | null {
  if (connection !== ConnectionStatus.CONNECTED) return null;
  return raw === MainAppStatus.ONLINE || raw === MainAppStatus.OFFLINE ? raw : MainAppStatus.NONE;
}

const NO_LINKS: LinkCounts = { online: 0, total: 0 };

/** What a row is made of, whether from a device's live state or from its record (GET devices). */
export interface FleetRowFacts {
  readonly id: number;
  readonly name: string;
  readonly pairingId: string;
  readonly type: number;
  readonly isServer: boolean;
  readonly isEnabled: boolean;
  readonly isActivated: boolean;
  readonly availability: number | null | undefined;
  readonly mainAppStatus: number | null | undefined;
  readonly links: LinkCounts;
  readonly location: Parameters<typeof locationStatus>[0];
  readonly gnssLock: boolean | null;
  readonly versions: string;
}

/** A row from its facts: the display rules of spec section 4 and the health rule, applied in this one place. */
export function fleetRowFrom(facts: FleetRowFacts): FleetRow {
  const connection = connectionStatus({ is_activated: facts.isActivated, availability: facts.availability });
  const mainApp = shownMainApp(connection, facts.mainAppStatus);
  const { links } = facts;
  const health = deviceHealth(connection, mainApp, links);
  return {
    id: facts.id,
    name: facts.name,
    pairingId: facts.pairingId,
    type: facts.type,
    role: facts.isServer ? DeviceRole.SERVER : DeviceRole.CLIENT,
    isEnabled: facts.isEnabled,
    isActivated: facts.isActivated,
    connection,
    mainApp,
    links,
    linksText: linksText(connection, links),
    locationStatus: locationStatus(facts.location, connection === ConnectionStatus.CONNECTED),
    gnssLock: facts.gnssLock,
    versions: facts.versions,
    chip: CHIP_OF_HEALTH[health],
    problem: facts.isEnabled && isProblemHealth(health),
  };
}

/** A device's row from its live state. */
export function fleetRowOf(live: DeviceLiveState): FleetRow {
  return fleetRowFrom({
    id: live.id,
    name: live.name,
    pairingId: live.pairing_id,
    type: live.type,
    isServer: live.is_server,
    isEnabled: live.is_enabled,
    isActivated: live.is_activated,
    availability: live.availability,
    mainAppStatus: live.main_app_status,
    links: live.links ? totalLinks(live.links) : NO_LINKS,
    location: live.location ?? null,
    gnssLock: live.gnss_lock ?? null,
    versions: live.versions
      ? Object.values(live.versions)
          .filter((value) => value !== '')
          .join(', ')
      : '',
  });
}

/** The status filter: every device, or those in one connection or main application status. */
export const DEVICE_STATUS_FILTERS = [
  'all',
  'connected',
  'notConnected',
  'nonActivated',
  'unknown',
  'mainAppOnline',
  'mainAppOffline',
  'alert',
  'problems',
] as const;
export type DeviceStatusFilter = (typeof DEVICE_STATUS_FILTERS)[number];

export function isDeviceStatusFilter(value: unknown): value is DeviceStatusFilter {
  return typeof value === 'string' && (DEVICE_STATUS_FILTERS as readonly string[]).includes(value);
}

export function matchesStatus(
  row: Pick<FleetRow, 'connection' | 'mainApp' | 'chip' | 'problem'>,
  filter: DeviceStatusFilter,
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'connected':
      return row.connection === ConnectionStatus.CONNECTED;
    case 'notConnected':
      return row.connection === ConnectionStatus.NOT_CONNECTED;
    case 'nonActivated':
      return row.connection === ConnectionStatus.NON_ACTIVATED;
    case 'unknown':
      return row.connection === ConnectionStatus.UNKNOWN;
    case 'mainAppOnline':
      return row.mainApp === MainAppStatus.ONLINE;
    case 'mainAppOffline':
      return row.mainApp === MainAppStatus.OFFLINE;
    case 'alert':
      return row.chip === 'alert';
    case 'problems':
      return row.problem;
  }
}

export const DEVICE_SORT_COLUMNS = [
  'name',
  'pairingId',
  'type',
  'role',
  'enabled',
  'connection',
  'mainApp',
  'links',
  'location',
  'gnss',
  'versions',
] as const;
export type DeviceSortColumn = (typeof DEVICE_SORT_COLUMNS)[number];

export interface DeviceSort {
  readonly column: DeviceSortColumn;
  readonly direction: 'asc' | 'desc';
}

/** Columns whose value comes from what the devices report: a delta can move a row in their order. */
export const LIVE_SORT_COLUMNS: ReadonlySet<DeviceSortColumn> = new Set([
  'connection',
  'mainApp',
  'links',
  'location',
  'gnss',
  'versions',
]);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function sortKey(row: FleetRow, column: DeviceSortColumn): string | number {
  switch (column) {
    case 'name':
      return row.name;
    case 'pairingId':
      return row.pairingId;
    case 'type':
      return row.type;
    case 'role':
      return row.role;
    case 'connection':
      return row.connection;
    case 'mainApp':
      return row.mainApp ?? -1;
    case 'links':
      return row.connection === ConnectionStatus.NON_ACTIVATED
        ? -1
        : row.links.total === 0
          ? 0
          : row.links.online / row.links.total;
    case 'location':
      return row.locationStatus;
    case 'gnss':
      return row.gnssLock === null ? -1 : row.gnssLock ? 1 : 0;
    case 'versions':
      return row.versions;
    case 'enabled':
      return row.isEnabled ? 1 : 0;
  }
}

/** The table's order: by the sort column, ties by name, then id. */
export function compareRows(a: FleetRow, b: FleetRow, sort: DeviceSort): number {
  const left = sortKey(a, sort.column);
  const right = sortKey(b, sort.column);
  const order =
    typeof left === 'number' && typeof right === 'number'
      ? left - right
      : collator.compare(String(left), String(right));
  const result = order !== 0 ? order : collator.compare(a.name, b.name) || a.id - b.id;
  return sort.direction === 'asc' ? result : -result;
}

/** The filters beside the status: a device's type, its role, whether it is enabled ('all': any). */
export const DEVICE_TYPE_FILTERS = ['all', 'halo', 'dronecommx'] as const;
export type DeviceTypeFilter = (typeof DEVICE_TYPE_FILTERS)[number];
export const DEVICE_ROLE_FILTERS = ['all', 'server', 'client'] as const;
export type DeviceRoleFilter = (typeof DEVICE_ROLE_FILTERS)[number];
export const DEVICE_ENABLED_FILTERS = ['all', 'enabled', 'disabled'] as const;
export type DeviceEnabledFilter = (typeof DEVICE_ENABLED_FILTERS)[number];

/** What the table shows: a status filter, a sort (or the devices' own order) and a search text. */
export interface FleetTableQuery {
  readonly status: DeviceStatusFilter;
  readonly sort: DeviceSort | null;
  /** Matches name or pairing id, case-insensitive; empty matches everything. */
  readonly search: string;
  /** Absent: any type, role, enabled state. */
  readonly type?: DeviceTypeFilter;
  readonly role?: DeviceRoleFilter;
  readonly enabled?: DeviceEnabledFilter;
}

const TYPE_OF_FILTER: Readonly<Record<Exclude<DeviceTypeFilter, 'all'>, number>> = {
  halo: DeviceType.HALO,
  dronecommx: DeviceType.DRONECOMMX,
};

/** The type, role and enabled filters of a query. */
export function matchesDeviceFilters(
  row: Pick<FleetRow, 'type' | 'role' | 'isEnabled'>,
  query: Pick<FleetTableQuery, 'type' | 'role' | 'enabled'>,
): boolean {
  const { type = 'all', role = 'all', enabled = 'all' } = query;
  if (type !== 'all' && row.type !== TYPE_OF_FILTER[type]) return false;
  if (role !== 'all' && row.role !== (role === 'server' ? DeviceRole.SERVER : DeviceRole.CLIENT)) return false;
  return enabled === 'all' || row.isEnabled === (enabled === 'enabled');
}

/** Whether a query filters by type, role or enabled state. */
export const filtersDevices = (query: Pick<FleetTableQuery, 'type' | 'role' | 'enabled'>): boolean =>
  (query.type ?? 'all') !== 'all' || (query.role ?? 'all') !== 'all' || (query.enabled ?? 'all') !== 'all';

export const DEFAULT_TABLE_QUERY: FleetTableQuery = { status: 'all', sort: null, search: '' };

/** The search box's rule: the device's name or pairing id contains the text, whatever the case. */
export function matchesSearch(row: Pick<FleetRow, 'name' | 'pairingId'>, needle: string): boolean {
  return needle === '' || `${row.name} ${row.pairingId}`.toLowerCase().includes(needle);
}

/** Whether two queries ask for the same rows. */
export function sameTableQuery(a: FleetTableQuery, b: FleetTableQuery): boolean {
  return (
    a.status === b.status &&
    a.search === b.search &&
    (a.type ?? 'all') === (b.type ?? 'all') &&
    (a.role ?? 'all') === (b.role ?? 'all') &&
    (a.enabled ?? 'all') === (b.enabled ?? 'all') &&
    a.sort?.column === b.sort?.column &&
    a.sort?.direction === b.sort?.direction
  );
}
