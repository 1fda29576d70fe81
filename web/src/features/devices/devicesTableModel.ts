import {
  ConnectionStatus,
  DeviceRole,
  DeviceType,
  MainAppStatus,
  connectionStatus,
  countLinks,
  locationStatus,
  type Device,
  type DeviceChipState,
  type DeviceLiveState,
  type GeoLocation,
  type LinkCounts,
  type LocationStatus,
} from '@halo/shared';

/** One row of the Devices table: the listed device joined with its live state, statuses derived once. */
export interface DeviceRow {
  readonly id: number;
  /** The device as listed (GET devices): what the edit dialog and the actions work on. */
  readonly device: Device;
  readonly live: DeviceLiveState | null;
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
  readonly location: GeoLocation | null;
  readonly locationStatus: LocationStatus;
  readonly gnssLock: boolean | null;
  readonly versions: string;
  readonly chip: DeviceChipState;
}

function liveLinks(live: DeviceLiveState): LinkCounts | null {
  if (!live.links) return null;
  let online = 0;
  let total = 0;
  for (const counts of Object.values(live.links)) {
    online += counts.online;
    total += counts.total;
  }
  return { online, total };
}

/** The links cell of spec section 4 from counts over the five interface kinds. */
export function linksText(connection: ConnectionStatus, links: LinkCounts): string {
  if (connection === ConnectionStatus.NON_ACTIVATED) return '-';
  return connection === ConnectionStatus.CONNECTED ? `${links.online}/${links.total}` : `0/${links.total}`;
}

/** connected, not connected, alert (connected but the application or a link is down), not activated. */
export function chipState(
  connection: ConnectionStatus,
  mainApp: MainAppStatus | null,
  links: LinkCounts,
): DeviceChipState {
  if (connection === ConnectionStatus.NON_ACTIVATED) return 'notActivated';
  if (connection !== ConnectionStatus.CONNECTED) return 'notConnected';
  if (mainApp === MainAppStatus.OFFLINE || links.online < links.total) return 'alert';
  return 'connected';
}

function versionsOf(device: Device, live: DeviceLiveState | null): string {
  const fromLive = live?.versions ? Object.values(live.versions).filter((value) => value !== '') : [];
  if (fromLive.length > 0) return fromLive.join(', ');
  return device.halo_system_report?.firmware_version ?? '';
}

/** Joins a listed device with its live state (the live state wins for everything it carries). */
export function buildDeviceRow(device: Device, live: DeviceLiveState | null = null): DeviceRow {
  const isActivated = live?.is_activated ?? device.is_activated;
  const availability = live ? live.availability : device.availability;
  const connection = connectionStatus({ is_activated: isActivated, availability });
  const rawMainApp = live ? live.main_app_status : device.main_app_status;
  const mainApp =
    connection === ConnectionStatus.CONNECTED
      ? rawMainApp === MainAppStatus.ONLINE || rawMainApp === MainAppStatus.OFFLINE
        ? rawMainApp
        : MainAppStatus.NONE
      : null;
  const links = (live && liveLinks(live)) ?? countLinks(device.halo_data_links_info);
  const location = (live ? live.location : device.latest_location) ?? null;
  const gnssLock = live?.gnss_lock ?? device.gnss_lock ?? device.halo_system_report?.gnss_lock ?? null;
  return {
    id: device.id,
    device,
    live,
    name: live?.name ?? device.name,
    pairingId: live?.pairing_id ?? device.pairing_id,
    type: live?.type ?? device.type,
    role: (live?.is_server ?? device.is_server) ? DeviceRole.SERVER : DeviceRole.CLIENT,
    isEnabled: live?.is_enabled ?? device.is_enabled,
    isActivated,
    connection,
    mainApp,
    links,
    linksText: linksText(connection, links),
    location,
    locationStatus: locationStatus(location, connection === ConnectionStatus.CONNECTED),
    gnssLock,
    versions: versionsOf(device, live),
    chip: chipState(connection, mainApp, links),
  };
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
] as const;
export type DeviceStatusFilter = (typeof DEVICE_STATUS_FILTERS)[number];

export function isDeviceStatusFilter(value: unknown): value is DeviceStatusFilter {
  return typeof value === 'string' && (DEVICE_STATUS_FILTERS as readonly string[]).includes(value);
}

export function matchesStatus(row: DeviceRow, filter: DeviceStatusFilter): boolean {
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
  }
}

export const DEVICE_SORT_COLUMNS = [
  'name',
  'pairingId',
  'type',
  'role',
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

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Columns whose value comes (also) from the live state: a delta can move a row in their order. */
const LIVE_SORT_COLUMNS: ReadonlySet<DeviceSortColumn> = new Set([
  'connection',
  'mainApp',
  'links',
  'location',
  'gnss',
  'versions',
]);

function sortKey(row: DeviceRow, column: DeviceSortColumn): string | number {
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
  }
}

function compareRows(a: DeviceRow, b: DeviceRow, sort: DeviceSort): number {
  const left = sortKey(a, sort.column);
  const right = sortKey(b, sort.column);
  const order =
    typeof left === 'number' && typeof right === 'number'
      ? left - right
      : collator.compare(String(left), String(right));
  // Ties keep a stable, readable order: by name.
  const result = order !== 0 ? order : collator.compare(a.name, b.name) || a.id - b.id;
  return sort.direction === 'asc' ? result : -result;
}

export interface DeviceQuery {
  readonly status: DeviceStatusFilter;
  readonly sort: DeviceSort | null;
}

export const DEFAULT_DEVICE_QUERY: DeviceQuery = { status: 'all', sort: null };

/**
 * The rows behind the virtualised table: the listed devices joined with the live state, in
 * the order the status filter and sort give. A live batch patches only the rows it names;
 * the order is recomputed only when asked (the view does that at a gentle pace when a batch
 * could have moved rows), so a delta never costs a pass over every row.
 */
export class DevicesTableModel {
  private readonly rows = new Map<number, DeviceRow>();
  private listed: readonly Device[] = [];
  private live: ReadonlyMap<number, DeviceLiveState> = new Map();
  private order: number[] = [];
  private query: DeviceQuery = DEFAULT_DEVICE_QUERY;
  /** Bumped whenever any row's content changes, for the view's cell renderers. */
  version = 0;
  private readonly listeners = new Set<() => void>();

  /** For useSyncExternalStore: called after every change. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  /** The listed devices (after the search), e.g. after a reload or a new search text. */
  setDevices(devices: readonly Device[]): void {
    const previous = this.rows;
    const next = new Map<number, DeviceRow>();
    for (const device of devices) {
      const known = previous.get(device.id);
      const live = this.live.get(device.id) ?? null;
      next.set(
        device.id,
        known && known.device === device && known.live === live ? known : buildDeviceRow(device, live),
      );
    }
    this.rows.clear();
    for (const [id, row] of next) this.rows.set(id, row);
    this.listed = devices;
    this.refreshOrder();
  }

  /**
   * Applies one frame's live changes. Returns whether the current order may be out of date
   * (a changed row's status matters to the filter or the sort).
   */
  applyLive(batch: {
    readonly reset: boolean;
    readonly changed: readonly DeviceLiveState[];
    readonly removed: readonly number[];
    readonly devices: ReadonlyMap<number, DeviceLiveState>;
  }): boolean {
    this.live = batch.devices;
    if (batch.reset) {
      for (const device of this.listed)
        this.rows.set(device.id, buildDeviceRow(device, this.live.get(device.id) ?? null));
      this.changed();
      return true;
    }
    let touched = false;
    for (const live of batch.changed) {
      const row = this.rows.get(live.id);
      if (!row) continue;
      this.rows.set(live.id, buildDeviceRow(row.device, live));
      touched = true;
    }
    for (const id of batch.removed) {
      const row = this.rows.get(id);
      if (!row) continue;
      this.rows.set(id, buildDeviceRow(row.device, null));
      touched = true;
    }
    if (!touched) return false;
    this.changed();
    return this.query.status !== 'all' || (this.query.sort !== null && LIVE_SORT_COLUMNS.has(this.query.sort.column));
  }

  setQuery(query: DeviceQuery): void {
    this.query = query;
    this.refreshOrder();
  }

  getQuery(): DeviceQuery {
    return this.query;
  }

  /** Filters and sorts again. */
  refreshOrder(): void {
    const { status, sort } = this.query;
    let rows: DeviceRow[] = [];
    for (const device of this.listed) {
      const row = this.rows.get(device.id);
      if (row && matchesStatus(row, status)) rows.push(row);
    }
    if (sort) rows = rows.sort((a, b) => compareRows(a, b, sort));
    this.order = rows.map((row) => row.id);
    this.changed();
  }

  get size(): number {
    return this.order.length;
  }

  get total(): number {
    return this.listed.length;
  }

  rowAt(index: number): DeviceRow | undefined {
    const id = this.order[index];
    return id === undefined ? undefined : this.rows.get(id);
  }

  row(id: number): DeviceRow | undefined {
    return this.rows.get(id);
  }

  /** The rows in table order (tests and small lists). */
  visibleRows(): DeviceRow[] {
    return this.order.flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [row] : [];
    });
  }
}

export const DEVICE_TYPE_NAMES: Readonly<Record<number, string>> = {
  [DeviceType.HALO]: 'HALO',
  [DeviceType.DRONECOMMX]: 'DRONECOMMX',
};
