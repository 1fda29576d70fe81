import {
  DevicesSubscribeAckSchema,
  LiveEvent,
  subscriptionFrom,
  type DeviceLiveState,
  type DevicesSubscribeAck,
  type StreamPosition,
} from '@halo/shared';
import {
  animationFrameScheduler,
  auditTime,
  BehaviorSubject,
  concat,
  defer,
  filter,
  map,
  Observable,
  of,
  share,
  Subject,
  type SchedulerLike,
} from 'rxjs';
import { recordMeasure } from '../measures';
import type { LiveSocket } from '../realtime';
import { defaultFleetPort, type FleetPort } from './fleetPort';
import type { FleetTableQuery } from './fleetRows';
import type { FromFleetStore } from './fleetStore';
import type { FleetTableWindow } from './fleetTableView';
import { LiveSubscription, type FleetFeedState } from './liveSubscription';

/**
 * What changed since the previous frame, for views that patch their own data rather than
 * take a copy of the whole fleet: `reset` after a snapshot (everything may have changed).
 */
export interface FleetBatch {
  readonly reset: boolean;
  readonly changed: readonly DeviceLiveState[];
  readonly removed: readonly number[];
  /** Every device as of this frame: read it now, do not keep or change it. */
  readonly devices: ReadonlyMap<number, DeviceLiveState>;
}

/** The Devices table of a feed: the window of rows the page shows, as the fleet store keeps it. */
export interface FleetTable {
  /** The current window, again whenever the order or one of its rows changed. */
  readonly window$: Observable<FleetTableWindow>;
  setQuery(query: FleetTableQuery): void;
  /** The rows on screen (and a few around them): [start, end). */
  setWindow(start: number, end: number): void;
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
 * state, or every change as whole states for a view of the whole fleet (HeatSight).
 */
export class FleetFeed {
  private position: StreamPosition = { epoch: null, seq: 0 };
  private readonly port: FleetPort;
  private readonly subscription: LiveSubscription<Extract<DevicesSubscribeAck, { ok: true }>>;
  private readonly detach: () => void;
  private readonly gapSubject = new Subject<void>();
  private readonly syncedSubject = new Subject<void>();
  private readonly updatedSubject = new BehaviorSubject<number | null>(null);
  private readonly tableSubject = new Subject<FleetTableWindow>();
  private readonly deviceSubject = new Subject<{ id: number; device: DeviceLiveState | null }>();
  /** While someone watches every change: the fleet as the batches brought it, and what changed since the last frame. */
  private readonly devices = new Map<number, DeviceLiveState>();
  private pendingReset = false;
  private readonly pendingChanged = new Set<number>();
  private readonly pendingRemoved = new Set<number>();
  private readonly changed = new Subject<void>();
  private tableQuery: FleetTableQuery | null = null;
  private tableWindow: { start: number; end: number } | null = null;

  readonly state$: Observable<FleetFeedState>;
  /** Continuity was lost (another epoch, a seq gap, a state that does not check): a replay or a snapshot is on its way. */
  readonly gaps$: Observable<void> = this.gapSubject.asObservable();
  /** In step again: a snapshot was applied, or the gateway is replaying what was missed. */
  readonly synced$: Observable<void> = this.syncedSubject.asObservable();
  /** Local time of the last snapshot or delta applied; null before the first. */
  readonly updatedAt$: Observable<number | null> = this.updatedSubject.asObservable();
  /** One batch per animation frame; a new subscriber first gets the whole fleet as a reset. */
  readonly batch$: Observable<FleetBatch>;
  readonly table: FleetTable;

  constructor(
    private readonly socket: LiveSocket,
    private readonly environmentId: number,
    options: { scheduler?: SchedulerLike; now?: () => number; retryMs?: number; port?: FleetPort } = {},
  ) {
    const now = options.now ?? Date.now;
    this.port = options.port ?? defaultFleetPort(environmentId);
    this.port.onMessage((message) => this.onStore(message, now));
    this.subscription = new LiveSubscription<Extract<DevicesSubscribeAck, { ok: true }>>(socket, {
      send: (answer) =>
        socket.emit(LiveEvent.DEVICES_SUBSCRIBE, subscriptionFrom(environmentId, this.position), answer),
      parse: (answer) => {
        const parsed = DevicesSubscribeAckSchema.safeParse(answer);
        return parsed.success ? parsed.data : null;
      },
      onAccepted: (ack) => {
        if (ack.mode === 'replay') this.syncedSubject.next();
      },
      ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    });
    this.state$ = this.subscription.state$;

    const frame$ = this.changed.pipe(
      auditTime(0, options.scheduler ?? animationFrameScheduler),
      map(() => this.takeBatch()),
    );
    const watched$ = new Observable<FleetBatch>((subscriber) => {
      this.port.post({ type: 'watch.all', on: true });
      const inner = frame$.subscribe(subscriber);
      return () => {
        inner.unsubscribe();
        this.port.post({ type: 'watch.all', on: false });
        this.devices.clear();
      };
    }).pipe(share());
    this.batch$ = defer(() =>
      concat(of<FleetBatch>({ reset: true, changed: [], removed: [], devices: this.devices }), watched$),
    );

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
    };

    const onSnapshot = (payload: unknown) =>
      this.port.post({ type: 'snapshot', message: payload }, transferable(payload));
    const onDelta = (payload: unknown) => {
      const started = performance.now();
      this.port.post({ type: 'delta', delta: payload });
      recordMeasure(FLEET_DELTA_MEASURE, started, performance.now());
    };
    socket.on(LiveEvent.DEVICES_SNAPSHOT, onSnapshot);
    socket.on(LiveEvent.DEVICES_DELTA, onDelta);
    this.detach = () => {
      socket.off(LiveEvent.DEVICES_SNAPSHOT, onSnapshot);
      socket.off(LiveEvent.DEVICES_DELTA, onDelta);
    };
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
    if (this.socket.connected) this.socket.emit(LiveEvent.DEVICES_UNSUBSCRIBE, { environmentId: this.environmentId });
    this.detach();
    this.port.close();
    this.changed.complete();
    this.gapSubject.complete();
    this.syncedSubject.complete();
    this.updatedSubject.complete();
    this.tableSubject.complete();
    this.deviceSubject.complete();
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
      case 'device':
        this.deviceSubject.next({ id: message.id, device: message.device });
        return;
      case 'batch':
        this.takeStoreBatch(message);
        return;
    }
  }

  private takeStoreBatch(batch: Extract<FromFleetStore, { type: 'batch' }>): void {
    if (batch.reset) {
      this.devices.clear();
      this.pendingReset = true;
      this.pendingChanged.clear();
      this.pendingRemoved.clear();
    }
    for (const device of batch.changed) {
      this.devices.set(device.id, device);
      if (!batch.reset) {
        this.pendingChanged.add(device.id);
        this.pendingRemoved.delete(device.id);
      }
    }
    for (const id of batch.removed) {
      this.devices.delete(id);
      this.pendingRemoved.add(id);
      this.pendingChanged.delete(id);
    }
    this.changed.next();
  }

  private takeBatch(): FleetBatch {
    const batch: FleetBatch = {
      reset: this.pendingReset,
      changed: this.pendingReset
        ? []
        : [...this.pendingChanged].flatMap((id) => {
            const device = this.devices.get(id);
            return device ? [device] : [];
          }),
      removed: this.pendingReset ? [] : [...this.pendingRemoved],
      devices: this.devices,
    };
    this.pendingReset = false;
    this.pendingChanged.clear();
    this.pendingRemoved.clear();
    return batch;
  }
}
