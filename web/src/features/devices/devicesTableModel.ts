import {
  totalLinks,
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

const liveLinks = (live: DeviceLiveState): LinkCounts | null => (live.links ? totalLinks(live.links) : null);

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
 * the order the status filter and sort give. A live batch only notes the live states of the
 * rows it names and tells those rows' subscribers (the cells on screen); a row is joined again
 * when it is read, so a delta costs nothing for the rows nobody looks at and never a pass over
 * every row. The order is recomputed only when asked (the view does that at a gentle pace when
 * a batch could have moved rows).
 */
export class DevicesTableModel {
  private readonly rows = new Map<number, DeviceRow>();
  /** Live states batches brought for rows not joined again yet; null when the live state went away. */
  private readonly pending = new Map<number, DeviceLiveState | null>();
  private listed: readonly Device[] = [];
  private live: ReadonlyMap<number, DeviceLiveState> = new Map();
  private order: number[] = [];
  private query: DeviceQuery = DEFAULT_DEVICE_QUERY;
  /** Bumped when the order or every row changes (not on a live patch of some rows), for the view. */
  version = 0;
  private readonly listeners = new Set<() => void>();
  private readonly rowListeners = new Map<number, Set<() => void>>();

  /** For useSyncExternalStore: called when the order or every row changes. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = (): number => this.version;

  /** For useSyncExternalStore in a cell: called when a live batch changes that row. */
  readonly subscribeRow = (id: number, listener: () => void): (() => void) => {
    let listeners = this.rowListeners.get(id);
    if (!listeners) {
      listeners = new Set();
      this.rowListeners.set(id, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.rowListeners.get(id);
      current?.delete(listener);
      if (current?.size === 0) this.rowListeners.delete(id);
    };
  };

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  /** Joins again every row a batch patched since it was last read. */
  private joinPending(): void {
    for (const id of this.pending.keys()) this.row(id);
  }

  /** The listed devices (after the search), e.g. after a reload or a new search text. */
  setDevices(devices: readonly Device[]): void {
    this.joinPending();
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
      this.pending.clear();
      for (const device of this.listed)
        this.rows.set(device.id, buildDeviceRow(device, this.live.get(device.id) ?? null));
      this.changed();
      return true;
    }
    let touched = false;
    for (const live of batch.changed) {
      if (!this.rows.has(live.id)) continue;
      this.pending.set(live.id, live);
      touched = true;
    }
    for (const id of batch.removed) {
      if (!this.rows.has(id)) continue;
      this.pending.set(id, null);
      touched = true;
    }
    if (!touched) return false;
    // Only the rows on screen have listeners: tell them, the other rows wait until read.
    if (this.rowListeners.size > 0) {
      for (const live of batch.changed) this.notifyRow(live.id);
      for (const id of batch.removed) this.notifyRow(id);
    }
    return this.query.status !== 'all' || (this.query.sort !== null && LIVE_SORT_COLUMNS.has(this.query.sort.column));
  }

  private notifyRow(id: number): void {
    const listeners = this.rowListeners.get(id);
    if (listeners) for (const listener of listeners) listener();
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
    this.joinPending();
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

  /** The id of the row at a position in table order. */
  idAt(index: number): number | undefined {
    return this.order[index];
  }

  rowAt(index: number): DeviceRow | undefined {
    const id = this.order[index];
    return id === undefined ? undefined : this.row(id);
  }

  /** The row, joined again with the live state if a batch patched it since it was last read. */
  row(id: number): DeviceRow | undefined {
    const row = this.rows.get(id);
    const live = this.pending.get(id);
    if (live === undefined) return row;
    this.pending.delete(id);
    if (!row) return undefined;
    const joined = buildDeviceRow(row.device, live);
    this.rows.set(id, joined);
    return joined;
  }

  /** The rows in table order (tests and small lists). */
  visibleRows(): DeviceRow[] {
    return this.order.flatMap((id) => {
      const row = this.row(id);
      return row ? [row] : [];
    });
  }
}

export const DEVICE_TYPE_NAMES: Readonly<Record<number, string>> = {
  [DeviceType.HALO]: 'HALO',
  [DeviceType.DRONECOMMX]: 'DRONECOMMX',
};
