import {
  decodeDevicesSnapshot,
  DevicesDeltaSchema,
  FleetReplica,
  type DeviceLiveState,
  type DeltaOutcome,
} from '@halo/shared';
import { answerDrill, type DrillAnswer, type DrillRequest } from './fleetDrill';
import { FleetHeatView, type FleetHeat, type FleetHeatQuery, type MapArea, type MapDevice } from './fleetHeat';
import type { FleetExportRequest } from './fleetExport';
import type { FleetTableQuery } from './fleetRows';
import type { FleetSelectionChange } from './fleetSelection';
import { FleetTableView, type FleetTableWindow } from './fleetTableView';

/**
 * The messages between the page and the fleet worker (fleet.worker.ts), which holds one
 * environment's live devices: the page hands over what the socket brings (the snapshot's bytes
 * transferred, not copied) and asks for views; the worker decodes, checks and applies, and
 * answers with only what the views need.
 */
export type ToFleetStore =
  | { readonly type: 'snapshot'; readonly message: unknown }
  | { readonly type: 'delta'; readonly delta: unknown }
  /** The Devices table: its query, and the rows it shows. */
  | { readonly type: 'table.query'; readonly query: FleetTableQuery }
  | { readonly type: 'table.window'; readonly start: number; readonly end: number }
  | { readonly type: 'table.close' }
  /** The table's selection: a change; its ids; every row shown as CSV (answered with the same requestId). */
  | { readonly type: 'table.select'; readonly change: FleetSelectionChange }
  | { readonly type: 'table.selected'; readonly requestId: number }
  | { readonly type: 'table.export'; readonly requestId: number; readonly request: FleetExportRequest }
  /** HeatSight: the heat of a metric at a scale (null: no more), and the devices of an area (null: none). */
  | { readonly type: 'heat.query'; readonly query: FleetHeatQuery | null }
  | { readonly type: 'map.area'; readonly area: MapArea | null }
  /** One device's state (a device panel). */
  | { readonly type: 'watch.device'; readonly id: number | null }
  /** HeatSight's drill-down: what an area holds, its devices, the fleet's bounds (fleetDrill.ts). */
  | DrillRequest;

/** What the store made of a snapshot or delta: DeltaOutcome's kinds, a snapshot, or one it could not read. */
export type StoreOutcome = DeltaOutcome['kind'] | 'snapshot' | 'unreadable';

export type FromFleetStore =
  /** Where the stream stands after a snapshot or delta, and what became of it. */
  | {
      readonly type: 'position';
      readonly epoch: string | null;
      readonly seq: number;
      readonly outcome: StoreOutcome;
      /** Devices the message changed or removed (a snapshot: all). */
      readonly devices: number;
    }
  | { readonly type: 'table'; readonly window: FleetTableWindow }
  /** The selected ids (none while no table is open). */
  | { readonly type: 'table.selected'; readonly requestId: number; readonly ids: readonly number[] }
  /** The CSV's UTF-8 bytes (transferred); null while no table is open. */
  | { readonly type: 'table.export'; readonly requestId: number; readonly csv: ArrayBuffer | null }
  | { readonly type: 'heat'; readonly heat: FleetHeat }
  | { readonly type: 'map.devices'; readonly devices: readonly MapDevice[] }
  | { readonly type: 'device'; readonly id: number; readonly device: DeviceLiveState | null }
  | DrillAnswer;

/** Posts to the page; `transfer` lists buffers moved rather than copied. */
export type PostFromStore = (message: FromFleetStore, transfer?: Transferable[]) => void;

/** How often at most a live change may re-filter or re-sort the table (cells update at once). */
export const REORDER_INTERVAL_MS = 1000;
/** How often at most the map gets a new heat and device list: each costs the page a WebGL pass. */
export const MAP_INTERVAL_MS = 250;

/**
 * One environment's live devices, by the shared client rules (FleetReplica): decoded, checked
 * and applied here, with the views the page asked for kept up to date. Runs in the fleet
 * worker; tests and browsers without workers run it on the page (localFleetPort).
 */
export class FleetStore {
  private readonly replica: FleetReplica;
  private table: FleetTableView | null = null;
  private reorderTimer: ReturnType<typeof setTimeout> | null = null;
  private watchedDevice: number | null = null;
  private heat: FleetHeatView | null = null;
  private area: MapArea | null = null;
  private mapTimer: ReturnType<typeof setTimeout> | null = null;
  private mapPostedAt = Number.NEGATIVE_INFINITY;
  private heatDue = false;
  private devicesDue = false;

  constructor(
    environmentId: number,
    private readonly post: PostFromStore,
    private readonly reorderMs = REORDER_INTERVAL_MS,
    private readonly mapMs = MAP_INTERVAL_MS,
  ) {
    this.replica = new FleetReplica(environmentId);
  }

  handle(message: ToFleetStore): void {
    switch (message.type) {
      case 'snapshot':
        this.applySnapshot(message.message);
        return;
      case 'delta':
        this.applyDelta(message.delta);
        return;
      case 'table.query':
        this.table ??= this.openTable();
        this.table.setQuery(message.query);
        this.postTable();
        return;
      case 'table.window':
        if (!this.table) return;
        this.table.setWindow(message.start, message.end);
        this.postTable();
        return;
      case 'table.close':
        this.table = null;
        return;
      case 'table.select':
        if (this.table?.select(message.change)) this.postTable();
        return;
      case 'table.selected':
        this.post({ type: 'table.selected', requestId: message.requestId, ids: this.table?.selectedIds() ?? [] });
        return;
      case 'table.export':
        this.postExport(message.requestId, message.request);
        return;
      case 'heat.query':
        if (message.query === null) {
          this.heat = null;
        } else if (!this.heat) {
          this.heat = new FleetHeatView(message.query);
          this.heat.reset(this.replica.devices.values());
          this.scheduleMap(true, false);
        } else if (this.heat.setQuery(message.query)) {
          this.scheduleMap(true, false);
        }
        return;
      case 'map.area':
        this.area = message.area;
        this.scheduleMap(false, true);
        return;
      case 'watch.device':
        this.watchedDevice = message.id;
        if (message.id !== null) this.postDevice(message.id);
        return;
      case 'drill.summarise':
      case 'drill.list':
      case 'drill.bound':
        this.post(answerDrill(message, this.heat));
        return;
    }
  }

  private openTable(): FleetTableView {
    const table = new FleetTableView();
    table.reset(this.replica.devices);
    return table;
  }

  private applySnapshot(payload: unknown): void {
    let snapshot;
    try {
      snapshot = decodeDevicesSnapshot(payload);
    } catch {
      // Not a snapshot this client can trust: ask for a fresh one.
      this.replica.epoch = null;
      this.postPosition('unreadable', 0);
      return;
    }
    if (!this.replica.applySnapshot(snapshot)) {
      this.postPosition('foreign', 0);
      return;
    }
    this.postPosition('snapshot', snapshot.devices.length);
    if (this.table) {
      this.table.reset(this.replica.devices);
      this.postTable();
    }
    if (this.heat) {
      this.heat.reset(this.replica.devices.values());
      this.scheduleMap(true, this.area !== null);
    }
    if (this.watchedDevice !== null) this.postDevice(this.watchedDevice);
  }

  private applyDelta(payload: unknown): void {
    const parsed = DevicesDeltaSchema.safeParse(payload);
    if (!parsed.success) {
      this.postPosition('unreadable', 0);
      return;
    }
    const outcome = this.replica.applyDelta(parsed.data);
    const devices = outcome.kind === 'applied' ? outcome.changed.length + outcome.removed.length : 0;
    this.postPosition(outcome.kind, devices);
    if (outcome.kind !== 'applied') return;
    if (this.table) {
      const change = this.table.update(outcome.changed, outcome.removed);
      if (change.orderStale) this.scheduleReorder();
      if (change.windowChanged) this.postTable();
    }
    if (this.heat?.update(outcome.changed, outcome.removed)) this.scheduleMap(true, this.area !== null);
    const watched = this.watchedDevice;
    if (
      watched !== null &&
      (outcome.changed.some((device) => device.id === watched) || outcome.removed.includes(watched))
    )
      this.postDevice(watched);
  }

  private scheduleReorder(): void {
    if (this.reorderTimer !== null) return;
    this.reorderTimer = setTimeout(() => {
      this.reorderTimer = null;
      if (!this.table) return;
      this.table.refreshOrder();
      this.postTable();
    }, this.reorderMs);
  }

  /**
   * The heat and the area's devices, at most every `mapMs`: a burst of deltas (a replay) makes
   * one heat, and the first after a pause goes at once.
   */
  private scheduleMap(heat: boolean, devices: boolean): void {
    this.heatDue ||= heat;
    this.devicesDue ||= devices;
    if (this.mapTimer !== null) return;
    const wait = Math.max(0, this.mapPostedAt + this.mapMs - Date.now());
    this.mapTimer = setTimeout(() => {
      this.mapTimer = null;
      this.postMap();
    }, wait);
  }

  private postMap(): void {
    this.mapPostedAt = Date.now();
    if (this.heatDue && this.heat) {
      const heat = this.heat.heat();
      this.post({ type: 'heat', heat }, [heat.positions.buffer, heat.weights.buffer, heat.counts.buffer]);
    }
    if (this.devicesDue)
      this.post({ type: 'map.devices', devices: this.heat && this.area ? this.heat.devicesIn(this.area) : [] });
    this.heatDue = false;
    this.devicesDue = false;
  }

  private postPosition(outcome: StoreOutcome, devices: number): void {
    this.post({ type: 'position', epoch: this.replica.epoch, seq: this.replica.seq, outcome, devices });
  }

  private postTable(): void {
    if (this.table) this.post({ type: 'table', window: this.table.window() });
  }

  private postExport(requestId: number, request: FleetExportRequest): void {
    if (!this.table) {
      this.post({ type: 'table.export', requestId, csv: null });
      return;
    }
    const csv = new TextEncoder().encode(this.table.exportCsv(request)).buffer;
    this.post({ type: 'table.export', requestId, csv }, [csv]);
  }

  private postDevice(id: number): void {
    this.post({ type: 'device', id, device: this.replica.devices.get(id) ?? null });
  }
}
