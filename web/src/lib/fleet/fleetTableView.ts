import type { DeviceLiveState } from '@halo/shared';
import { fleetCsv, type FleetExportRequest } from './fleetExport';
import {
  compareRows,
  DEFAULT_TABLE_QUERY,
  filtersDevices,
  fleetRowOf,
  matchesDeviceFilters,
  matchesSearch,
  matchesStatus,
  type FleetRow,
  type FleetTableQuery,
} from './fleetRows';
import {
  FleetSelection,
  type FleetSelectionChange,
  type FleetSelectionSummary,
  type TableOrder,
} from './fleetSelection';

/** What the page gets of the table: the rows of the window it shows, and how many there are. */
export interface FleetTableWindow {
  /** Bumped on every change of the order or of a row in the window. */
  readonly version: number;
  /** Rows the query matches. */
  readonly size: number;
  /** Devices in the fleet. */
  readonly total: number;
  /** Position of `rows[0]` in the table. */
  readonly start: number;
  /** The window's rows in order; null for a device removed since the order was made. */
  readonly rows: readonly (FleetRow | null)[];
  /** The query the rows answer (the search as given). */
  readonly query: FleetTableQuery;
  /** Whether each of `rows` is selected. */
  readonly selected: readonly boolean[];
  readonly selection: FleetSelectionSummary;
}

/** What a change did to the view. */
export interface TableChange {
  /** A row in the window changed: the page needs the window again. */
  readonly windowChanged: boolean;
  /** The order may no longer hold (a row's place, a new device, a removed one): refresh it soon. */
  readonly orderStale: boolean;
}

const isDefaultQuery = (query: FleetTableQuery) =>
  query.status === 'all' && query.sort === null && query.search === '' && !filtersDevices(query);

/**
 * The Devices table over a live fleet: the order the query gives (filter, search, sort) and the
 * window the page shows. Rows are made from the live states as they are needed: the window's
 * alone while the table is in the devices' own order (opening a table of 100,000 devices makes
 * 60 rows, not 100,000), all of them once a filter, search or sort needs them. A change drops
 * the rows it names and says whether the window changed and whether the order may be stale; the
 * order is recomputed only when asked (the fleet worker does it at a gentle pace), so a delta of
 * a thousand devices costs a thousand rows at most, never a sort of the fleet.
 */
export class FleetTableView {
  private devices: ReadonlyMap<number, DeviceLiveState> = new Map();
  private readonly rows = new Map<number, FleetRow>();
  private order: number[] = [];
  /** Each ordered id's position, for telling whether a change touches the window. */
  private readonly positions = new Map<number, number>();
  private query: FleetTableQuery = DEFAULT_TABLE_QUERY;
  private asked: FleetTableQuery = DEFAULT_TABLE_QUERY;
  private start = 0;
  private end = 0;
  private version = 0;
  /** The rows checked, by device id (fleetSelection.ts). */
  private readonly selection = new FleetSelection();

  /**
   * The fleet to show, instead of what was there. The map is read as it is whenever rows are
   * made: its owner changes it and says what changed with `update`.
   */
  reset(devices: ReadonlyMap<number, DeviceLiveState>): void {
    this.devices = devices;
    this.rows.clear();
    this.selection.retain((id) => devices.has(id));
    this.refreshOrder();
  }

  update(changed: readonly DeviceLiveState[], removed: readonly number[]): TableChange {
    let windowChanged = false;
    let orderStale = false;
    for (const device of changed) {
      if (!this.positions.has(device.id)) orderStale = true;
      this.rows.delete(device.id);
      windowChanged ||= this.inWindow(device.id);
    }
    // A removed device leaves the selection: its count on the page changes with the window.
    windowChanged = this.selection.remove(removed) || windowChanged;
    for (const id of removed) {
      this.rows.delete(id);
      if (!this.positions.has(id)) continue;
      orderStale = true;
      windowChanged ||= this.inWindow(id);
    }
    // With a filter, a search or a sort, any changed field may move a row.
    if (changed.length > 0 && !isDefaultQuery(this.query)) orderStale = true;
    if (windowChanged) this.version += 1;
    return { windowChanged, orderStale };
  }

  setQuery(query: FleetTableQuery): void {
    this.asked = query;
    this.query = { ...query, search: query.search.trim().toLowerCase() };
    this.refreshOrder();
  }

  setWindow(start: number, end: number): void {
    this.start = Math.max(0, Math.floor(start));
    this.end = Math.max(this.start, Math.floor(end));
    this.version += 1;
  }

  /** Filters, searches and sorts again. */
  refreshOrder(): void {
    const { status, sort, search } = this.query;
    if (isDefaultQuery(this.query)) {
      this.order = [...this.devices.keys()].sort((a, b) => a - b);
    } else {
      const ordered: FleetRow[] = [];
      for (const id of this.devices.keys()) {
        const row = this.row(id);
        if (row && matchesStatus(row, status) && matchesSearch(row, search) && matchesDeviceFilters(row, this.query))
          ordered.push(row);
      }
      if (sort) ordered.sort((a, b) => compareRows(a, b, sort));
      else ordered.sort((a, b) => a.id - b.id);
      this.order = ordered.map((row) => row.id);
    }
    this.positions.clear();
    this.order.forEach((id, position) => this.positions.set(id, position));
    this.selection.orderChanged();
    this.version += 1;
  }

  /** Changes the selection (see FleetSelectionChange); answers whether it changed. */
  select(change: FleetSelectionChange): boolean {
    const changed = this.selection.apply(change, this.tableOrder());
    if (changed) this.version += 1;
    return changed;
  }

  /** The selected devices' ids. */
  selectedIds(): number[] {
    return this.selection.ids();
  }

  /** Every row the table shows, in its order (not only the window), as CSV. */
  exportCsv(request: FleetExportRequest): string {
    return fleetCsv(
      this.order.map((id) => {
        const row = this.row(id);
        return row ? { row, live: this.devices.get(id) } : null;
      }),
      request,
    );
  }

  get size(): number {
    return this.order.length;
  }

  get total(): number {
    return this.devices.size;
  }

  /** The ids in table order. */
  ids(): readonly number[] {
    return this.order;
  }

  window(): FleetTableWindow {
    const end = Math.min(this.end, this.order.length);
    const start = Math.min(this.start, end);
    const rows: (FleetRow | null)[] = [];
    for (let position = start; position < end; position += 1) rows.push(this.row(this.order[position] ?? -1));
    return {
      version: this.version,
      size: this.order.length,
      total: this.devices.size,
      start,
      rows,
      query: this.asked,
      selected: rows.map((row) => row !== null && this.selection.has(row.id)),
      selection: this.selection.summary(this.tableOrder()),
    };
  }

  private tableOrder(): TableOrder {
    return { ids: this.order, positions: this.positions, exists: (id) => this.devices.has(id) };
  }

  /** A device's row, made from its live state the first time it is needed since it changed. */
  private row(id: number): FleetRow | null {
    const known = this.rows.get(id);
    if (known) return known;
    const device = this.devices.get(id);
    if (!device) return null;
    const row = fleetRowOf(device);
    this.rows.set(id, row);
    return row;
  }

  private inWindow(id: number): boolean {
    const position = this.positions.get(id);
    return position !== undefined && position >= this.start && position < this.end;
  }
}
