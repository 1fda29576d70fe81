import {
  decodeDevicesSnapshot,
  DevicesDeltaSchema,
  DevicesSubscribeAckSchema,
  LiveEvent,
  FleetReplica,
  type DeviceLiveState,
  type DevicesSubscribeAck,
} from '@halo/shared';
import {
  Subject,
  animationFrameScheduler,
  auditTime,
  concat,
  defer,
  map,
  of,
  share,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { recordMeasure } from '../measures';
import type { LiveSocket } from '../realtime';
import { LiveSubscription, type FleetFeedState } from './liveSubscription';

export interface FleetView {
  /** Devices by id; a new map object per emission, never mutated after it is emitted. */
  readonly devices: ReadonlyMap<number, DeviceLiveState>;
  /** Local time of the last snapshot or delta applied. */
  readonly updatedAt: number | null;
}

/**
 * What changed since the previous frame, for views that patch their own rows rather than
 * take a copy of the whole fleet: `reset` after a snapshot (everything may have changed).
 */
export interface FleetBatch {
  readonly reset: boolean;
  readonly changed: readonly DeviceLiveState[];
  readonly removed: readonly number[];
  /** The feed's own map, current as of this frame: read it now, do not keep or change it. */
  readonly devices: ReadonlyMap<number, DeviceLiveState>;
}

/**
 * User Timing name of one delta's handling (parse and apply), for benchmarks and DevTools. Only
 * the latest entry stays buffered (a wall runs for days); a PerformanceObserver sees them all.
 */
export const FLEET_DELTA_MEASURE = 'halo:fleet.delta';

/**
 * One environment's live devices over the gateway's list+watch protocol (gateway/README.md):
 * subscribe after every connect, replace on a snapshot, apply deltas in order, resubscribe
 * with the last epoch and seq when continuity is lost. Views receive at most one update per
 * animation frame however many deltas arrive.
 */
export class FleetFeed {
  /** The devices and the stream position, by the shared client rules. */
  private readonly replica: FleetReplica;
  private readonly devices: Map<number, DeviceLiveState>;
  private updatedAt: number | null = null;
  private readonly changed = new Subject<void>();
  /** Ids changed and removed since the last frame, and whether a snapshot replaced everything. */
  private pendingReset = false;
  private readonly pendingChanged = new Set<number>();
  private readonly pendingRemoved = new Set<number>();
  private readonly gapSubject = new Subject<void>();
  /** Continuity was lost (another epoch, a seq gap): a replay or a snapshot is on its way. */
  readonly gaps$: Observable<void> = this.gapSubject.asObservable();
  private readonly syncedSubject = new Subject<void>();
  /** In step again: a snapshot was applied, or the gateway is replaying what was missed. */
  readonly synced$: Observable<void> = this.syncedSubject.asObservable();
  private readonly detach: () => void;
  private readonly subscription: LiveSubscription<Extract<DevicesSubscribeAck, { ok: true }>>;

  readonly view$: Observable<FleetView>;
  /** One batch per animation frame; a new subscriber first gets the whole fleet as a reset. */
  readonly batch$: Observable<FleetBatch>;
  readonly state$: Observable<FleetFeedState>;

  constructor(
    private readonly socket: LiveSocket,
    private readonly environmentId: number,
    options: { scheduler?: SchedulerLike; now?: () => number; retryMs?: number } = {},
  ) {
    const now = options.now ?? Date.now;
    this.replica = new FleetReplica(environmentId);
    this.devices = this.replica.devices;
    this.subscription = new LiveSubscription<Extract<DevicesSubscribeAck, { ok: true }>>(socket, {
      send: (answer) => socket.emit(LiveEvent.DEVICES_SUBSCRIBE, this.replica.subscription(), answer),
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
      share(),
    );
    this.view$ = frame$.pipe(map(() => ({ devices: new Map(this.devices), updatedAt: this.updatedAt })));
    this.batch$ = defer(() =>
      concat(of<FleetBatch>({ reset: true, changed: [], removed: [], devices: this.devices }), frame$),
    );
    const onSnapshot = (payload: unknown) => {
      let snapshot;
      try {
        snapshot = decodeDevicesSnapshot(payload);
      } catch {
        return; // not a snapshot this client can trust: dropped, as any malformed payload
      }
      if (!this.replica.applySnapshot(snapshot)) return;
      this.pendingReset = true;
      this.pendingChanged.clear();
      this.pendingRemoved.clear();
      this.touch(now());
      this.subscription.live();
      this.syncedSubject.next();
    };
    const onDelta = (payload: unknown) => {
      const started = performance.now();
      applyDelta(payload);
      recordMeasure(FLEET_DELTA_MEASURE, started, performance.now());
    };
    const applyDelta = (payload: unknown) => {
      const parsed = DevicesDeltaSchema.safeParse(payload);
      if (!parsed.success) return;
      const outcome = this.replica.applyDelta(parsed.data);
      if (outcome.kind === 'gap' || outcome.kind === 'invalid') {
        // Continuity lost, or this copy went wrong: ask for a replay or a snapshot.
        this.gapSubject.next();
        this.subscription.ask();
        return;
      }
      if (outcome.kind !== 'applied') return; // a duplicate, or another environment's
      for (const device of outcome.changed) {
        this.pendingChanged.add(device.id);
        this.pendingRemoved.delete(device.id);
      }
      for (const id of outcome.removed) {
        this.pendingRemoved.add(id);
        this.pendingChanged.delete(id);
      }
      this.touch(now());
    };
    socket.on(LiveEvent.DEVICES_SNAPSHOT, onSnapshot);
    socket.on(LiveEvent.DEVICES_DELTA, onDelta);
    this.detach = () => {
      socket.off(LiveEvent.DEVICES_SNAPSHOT, onSnapshot);
      socket.off(LiveEvent.DEVICES_DELTA, onDelta);
    };
  }

  /** Leaves the stream: unsubscribes and stops listening. */
  close(): void {
    this.subscription.close();
    if (this.socket.connected) this.socket.emit(LiveEvent.DEVICES_UNSUBSCRIBE, { environmentId: this.environmentId });
    this.detach();
    this.changed.complete();
    this.gapSubject.complete();
    this.syncedSubject.complete();
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

  private touch(at: number) {
    this.updatedAt = at;
    this.changed.next();
  }
}
