import { subscriptionFrom, type DeviceLiveState, type DevicesSubscribeAck, type StreamPosition } from '@halo/shared';
import { BehaviorSubject, filter, map, Observable, share, Subject, type Subscription } from 'rxjs';
import { recordMeasure } from '../measures';
import type { LiveConnection } from '../realtime';
import type { DrillAnswer, FleetDrill } from './fleetDrill';
import type { FleetHeat, FleetHeatQuery, MapArea, MapDevice } from './fleetHeat';
import { defaultFleetPort, type FleetPort } from './fleetPort';
import type { FleetExportRequest } from './fleetExport';
import type { FleetTableQuery } from './fleetRows';
import type { FleetSelectionChange } from './fleetSelection';
import type { FromFleetStore, ToFleetStore } from './fleetStore';
import type { FleetTableWindow } from './fleetTableView';
import { LiveSubscription, type FleetFeedState } from './liveSubscription';

/** The Devices table of a feed: the window of rows the page shows, as the fleet store keeps it. */
export interface FleetTable {
  /** The current window, again whenever the order or one of its rows changed. */
  readonly window$: Observable<FleetTableWindow>;
  setQuery(query: FleetTableQuery): void;
  /** The rows on screen (and a few around them): [start, end). */
  setWindow(start: number, end: number): void;
  /** Changes the rows checked (kept by id in the fleet worker); the next window says what they are. */
  select(change: FleetSelectionChange): void;
  /** The checked devices' ids, in no particular order. */
  selectedIds(): Promise<readonly number[]>;
  /** Every row the query shows, in the table's order, as CSV (UTF-8), made in the fleet worker. */
  exportCsv(request: FleetExportRequest): Promise<ArrayBuffer>;
}

/** The answers the store gives to one request of the page, by their request id. */
type TableAnswer = Extract<FromFleetStore, { type: 'table.selected' | 'table.export' }>;

/**
 * HeatSight's view of a feed: the located devices' heat at the map's scale, and the devices of
 * the area it shows once zoomed in, both kept by the fleet worker.
 */
export interface FleetMap {
  /** The heat, again whenever it changed (at most every MAP_INTERVAL_MS). */
  readonly heat$: Observable<FleetHeat>;
  /** The devices in the area set, again whenever they changed. */
  readonly devices$: Observable<readonly MapDevice[]>;
  setHeat(query: FleetHeatQuery): void;
  /** The area whose devices to list; null lists none. */
  setArea(area: MapArea | null): void;
}

/**
 * User Timing name of one delta's handling on the page's main thread (handing it to the fleet
 * worker), for benchmarks and DevTools. Only the latest entry stays buffered (a wall runs for
 * days); a PerformanceObserver sees them all.
 */
export const FLEET_DELTA_MEASURE = 'halo:fleet.delta';

/** The bytes of a snapshot's data, moved to the worker rather than copied when they are the whole buffer. */
function transferable(payload: unknown): Transferable[] {
  const data = typeof payload === 'object' && payload !== null ? (payload as { data?: unknown }).data : undefined;
  return data instanceof ArrayBuffer ? [data] : [];
}

/**
 * One environment's live devices over the gateway's list+watch protocol (gateway/README.md):
 * subscribe after every connect, and hand the snapshots and deltas to the fleet store, which
 * runs in a Web Worker: decoding, checking and applying a large fleet's stream never holds up
 * the page. The store tells where the stream stands (a gap means subscribing again with the
 * last epoch and seq) and answers the views: the Devices table's visible rows, one device's
 * state, or HeatSight's heat and devices.
 */
export class FleetFeed {
  private position: StreamPosition = { epoch: null, seq: 0 };
  private readonly port: FleetPort;
  private readonly subscription: LiveSubscription<Extract<DevicesSubscribeAck, { ok: true }>>;
  private readonly listening: Subscription;
  private readonly gapSubject = new Subject<void>();
  private readonly syncedSubject = new Subject<void>();
  private readonly updatedSubject = new BehaviorSubject<number | null>(null);
  private readonly tableSubject = new Subject<FleetTableWindow>();
  private readonly deviceSubject = new Subject<{ id: number; device: DeviceLiveState | null }>();
  private readonly heatSubject = new Subject<FleetHeat>();
  private readonly mapDevicesSubject = new Subject<readonly MapDevice[]>();
  private readonly drillSubject = new Subject<DrillAnswer>();
  private heatQuery: FleetHeatQuery | null = null;
  private tableQuery: FleetTableQuery | null = null;
  private tableWindow: { start: number; end: number } | null = null;
  /** Requests of the table the store has not answered yet. */
  private readonly tableRequests = new Map<number, { answer: (message: TableAnswer) => void; fail: () => void }>();
  private nextRequest = 1;

  readonly state$: Observable<FleetFeedState>;
  /** Continuity was lost (another epoch, a seq gap, a state that does not check): a replay or a snapshot is on its way. */
  readonly gaps$: Observable<void> = this.gapSubject.asObservable();
  /** In step again: a snapshot was applied, or the gateway is replaying what was missed. */
  readonly synced$: Observable<void> = this.syncedSubject.asObservable();
  /** Local time of the last snapshot or delta applied; null before the first. */
  readonly updatedAt$: Observable<number | null> = this.updatedSubject.asObservable();
  readonly table: FleetTable;
  readonly map: FleetMap;
  /** HeatSight's drill-down, answered by the fleet store. */
  readonly drill: FleetDrill;

  constructor(
    private readonly connection: LiveConnection,
    private readonly environmentId: number,
    options: { now?: () => number; retryMs?: number; port?: FleetPort } = {},
  ) {
    const now = options.now ?? Date.now;
    this.port = options.port ?? defaultFleetPort(environmentId);
    this.port.onMessage((message) => this.onStore(message, now));
    this.subscription = new LiveSubscription<Extract<DevicesSubscribeAck, { ok: true }>>(connection, {
      send: (answer) => connection.subscribeDevices(subscriptionFrom(environmentId, this.position), answer),
      onAccepted: (ack) => {
        if (ack.mode === 'replay') this.syncedSubject.next();
      },
      ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    });
    this.state$ = this.subscription.state$;

    const window$ = new Observable<FleetTableWindow>((subscriber) => {
      const inner = this.tableSubject.subscribe(subscriber);
      this.postTableQuery();
      return () => {
        inner.unsubscribe();
        this.port.post({ type: 'table.close' });
      };
    }).pipe(share());
    this.table = {
      window$,
      setQuery: (query) => {
        this.tableQuery = query;
        this.postTableQuery();
      },
      setWindow: (start, end) => {
        this.tableWindow = { start, end };
        this.port.post({ type: 'table.window', start, end });
      },
      select: (change) => this.port.post({ type: 'table.select', change }),
      selectedIds: () =>
        this.askTable(
          (requestId) => ({ type: 'table.selected', requestId }),
          (answer) => (answer.type === 'table.selected' ? answer.ids : null),
        ),
      exportCsv: (request) =>
        this.askTable(
          (requestId) => ({ type: 'table.export', requestId, request }),
          (answer) => (answer.type === 'table.export' ? answer.csv : null),
        ),
    };

    const heat$ = new Observable<FleetHeat>((subscriber) => {
      const inner = this.heatSubject.subscribe(subscriber);
      if (this.heatQuery) this.port.post({ type: 'heat.query', query: this.heatQuery });
      return () => {
        inner.unsubscribe();
        this.port.post({ type: 'heat.query', query: null });
      };
    }).pipe(share());
    this.map = {
      heat$,
      devices$: this.mapDevicesSubject.asObservable(),
      setHeat: (query) => {
        this.heatQuery = query;
        if (this.heatSubject.observed) this.port.post({ type: 'heat.query', query });
      },
      setArea: (area) => this.port.post({ type: 'map.area', area }),
    };

    this.drill = {
      answers$: this.drillSubject.asObservable(),
      ask: (request) => this.port.post(request),
    };

    this.listening = connection.devicesSnapshot$.subscribe((payload) =>
      this.port.post({ type: 'snapshot', message: payload }, transferable(payload)),
    );
    this.listening.add(
      connection.devicesDelta$.subscribe((payload) => {
        const started = performance.now();
        this.port.post({ type: 'delta', delta: payload });
        recordMeasure(FLEET_DELTA_MEASURE, started, performance.now());
      }),
    );
  }

  /** One device's live state whenever it changes (null while the feed does not hold it). */
  device$(id: number): Observable<DeviceLiveState | null> {
    return new Observable<DeviceLiveState | null>((subscriber) => {
      const inner = this.deviceSubject
        .pipe(
          filter((update) => update.id === id),
          map((update) => update.device),
        )
        .subscribe(subscriber);
      this.port.post({ type: 'watch.device', id });
      return () => {
        inner.unsubscribe();
        this.port.post({ type: 'watch.device', id: null });
      };
    });
  }

  /** Leaves the stream: unsubscribes, stops listening and ends the store. */
  close(): void {
    this.subscription.close();
    if (this.connection.connected) this.connection.unsubscribeDevices(this.environmentId);
    this.listening.unsubscribe();
    this.port.close();
    this.heatSubject.complete();
    this.mapDevicesSubject.complete();
    this.drillSubject.complete();
    this.gapSubject.complete();
    this.syncedSubject.complete();
    this.updatedSubject.complete();
    this.tableSubject.complete();
    this.deviceSubject.complete();
    for (const request of this.tableRequests.values()) request.fail();
    this.tableRequests.clear();
  }

  /** Posts a request of the table and waits for its answer; null (no table open) or a closed feed fails it. */
  private askTable<T>(
    request: (requestId: number) => Extract<ToFleetStore, { type: 'table.selected' | 'table.export' }>,
    read: (answer: TableAnswer) => T | null,
  ): Promise<T> {
    const requestId = this.nextRequest++;
    return new Promise<T>((resolve, reject) => {
      const fail = () => reject(new Error('The fleet table is closed'));
      this.tableRequests.set(requestId, {
        answer: (message) => {
          const value = read(message);
          if (value === null) fail();
          else resolve(value);
        },
        fail,
      });
      this.port.post(request(requestId));
    });
  }

  private postTableQuery(): void {
    if (this.tableQuery === null) return;
    this.port.post({ type: 'table.query', query: this.tableQuery });
    if (this.tableWindow) this.port.post({ type: 'table.window', ...this.tableWindow });
  }

  private onStore(message: FromFleetStore, now: () => number): void {
    switch (message.type) {
      case 'position':
        this.position = { epoch: message.epoch, seq: message.seq };
        if (message.outcome === 'snapshot') {
          this.updatedSubject.next(now());
          this.subscription.live();
          this.syncedSubject.next();
        } else if (message.outcome === 'applied') {
          // In step (after a reconnect, the replay's deltas): live again.
          this.subscription.live();
          this.updatedSubject.next(now());
        } else if (message.outcome === 'gap' || message.outcome === 'invalid' || message.outcome === 'unreadable') {
          // Continuity lost, or this copy went wrong: ask for a replay or a snapshot.
          this.gapSubject.next();
          this.subscription.ask();
        }
        return;
      case 'table':
        this.tableSubject.next(message.window);
        return;
      case 'table.selected':
      case 'table.export': {
        const request = this.tableRequests.get(message.requestId);
        this.tableRequests.delete(message.requestId);
        request?.answer(message);
        return;
      }
      case 'device':
        this.deviceSubject.next({ id: message.id, device: message.device });
        return;
      case 'heat':
        this.heatSubject.next(message.heat);
        return;
      case 'map.devices':
        this.mapDevicesSubject.next(message.devices);
        return;
      case 'drill.summary':
      case 'drill.page':
      case 'drill.bounds':
        this.drillSubject.next(message);
        return;
    }
  }
}
