import {
  can,
  displayMaySubscribe,
  DevicesSubscribeSchema,
  isDisplaySession,
  HttpErrorKind,
  LiveEvent,
  EnvironmentSubscribeSchema,
  type DevicesDelta,
  type DevicesSnapshotMessage,
  type DevicesSubscribeAck,
  type SubscribeAck,
  type SystemLogEntry,
} from '@halo/shared';
import { z } from 'zod';
import type { GatewayMetrics } from '../metrics.js';
import type { PollCapability, TokenSource } from '../pollers/environmentPoller.js';
import type { PollerManager } from '../pollers/pollerManager.js';
import type { EnvironmentAccess } from './environmentAccess.js';
import { EnvironmentFeed } from './environmentFeed.js';
import { EnvironmentSummary } from './environmentSummary.js';
import type { FeedBus, FeedEvent } from './feedBus.js';
import type { LiveNamespace, LiveSocket } from './liveTypes.js';
import { pendingWrites } from './pendingWrites.js';
import type { SnapshotEncoder } from './snapshotEncoding.js';
import { log } from '../log.js';

/** Sockets watching an environment's devices: everyone allowed devices.view there sees all of them. */
export const devicesRoom = (environmentId: number) => `devices:${environmentId}`;
/** ...and its system log entries: those allowed logs.view. */
export const logsRoom = (environmentId: number) => `logs:${environmentId}`;

export interface DevicesFanoutOptions {
  readonly namespace: LiveNamespace;
  readonly bus: FeedBus;
  readonly pollers: PollerManager;
  readonly access: EnvironmentAccess;
  readonly metrics: GatewayMetrics;
  /** Deltas kept per environment for replay. */
  readonly historyLength: number;
  /** How long an environment stays followed and polled after its last subscriber left. */
  readonly graceMs: number;
  readonly bufferPackets: number;
  readonly bufferBytes: number;
  /** A slow consumer that has not caught up after this long is disconnected. */
  readonly resyncMs: number;
  /**
   * Asks whether a token the upstream refused still has a session (SessionMonitor.revalidateToken):
   * a session that ended tells its sockets why (`session.ended`) instead of losing them silently.
   */
  readonly confirmRefusal?: (token: string) => Promise<void>;
  /** Makes snapshot messages; encodeSnapshotMessage unless a test slows it down. */
  readonly encodeSnapshot?: SnapshotEncoder;
  /** At most one fleet summary push per this many ms and environment. */
  readonly summaryIntervalMs: number;
  /** The log's latest alerts (newest first), asked with a token that may view logs; null when that failed. */
  readonly recentAlerts?: (environmentId: number, token: string) => Promise<SystemLogEntry[] | null>;
}

const UnsubscribeSchema = z.strictObject({ environmentId: z.number().int().positive() });

/** Subscriptions a socket may ask for per window, and environments it may watch at once. */
const SUBSCRIBE_LIMIT = 30;
const SUBSCRIBE_WINDOW_MS = 10_000;
const MAX_ENVIRONMENTS_PER_SOCKET = 64;

/** How long a subscription waits for the shared state (Redis) before answering with a snapshot to come. */
const FOLLOW_WAIT_MS = 3000;

/** How often sockets dropped as slow consumers are checked for having caught up. */
const LAGGARD_CHECK_MS = 100;
/**
 * Snapshots asked for within a window go out as one emit (one serialisation, one frame): after
 * a gateway restart thousands of clients subscribe within a second or two. The window grows
 * with the snapshot, about 1 ms per 32 KB from 20 ms to 250 ms: a large fleet's snapshot takes
 * longer to transfer than that anyway, and each emit of one costs a frame of its size.
 */
const SNAPSHOT_BATCH_MIN_MS = 20;
const SNAPSHOT_BATCH_MAX_MS = 250;
const SNAPSHOT_BATCH_BYTES_PER_MS = 32 * 1024;
const snapshotBatchMs = (snapshotBytes: number) =>
  Math.min(SNAPSHOT_BATCH_MAX_MS, Math.max(SNAPSHOT_BATCH_MIN_MS, snapshotBytes / SNAPSHOT_BATCH_BYTES_PER_MS));

/** The token of a subscriber, chosen once and kept until its socket leaves or is refused. */
class SubscriberTokens implements TokenSource {
  private readonly chosen = new Map<PollCapability, LiveSocket>();
  private readonly refused = new Map<PollCapability, Set<string>>();

  constructor(
    private readonly subscribers: ReadonlyMap<string, LiveSocket>,
    private readonly onRefused: (token: string, capability: PollCapability) => void,
  ) {}

  current(capability: PollCapability): string | null {
    const refused = this.refused.get(capability);
    const usable = (socket: LiveSocket) =>
      socket.connected && !refused?.has(socket.data.token) && can(socket.data.session, capability);
    const kept = this.chosen.get(capability);
    if (kept && this.subscribers.has(kept.id) && usable(kept)) return kept.data.token;
    this.chosen.delete(capability);
    for (const socket of this.subscribers.values()) {
      if (usable(socket)) {
        this.chosen.set(capability, socket);
        return socket.data.token;
      }
    }
    return null;
  }

  reject(token: string, capability: PollCapability): void {
    const refused = this.refused.get(capability) ?? new Set<string>();
    refused.add(token);
    this.refused.set(capability, refused);
    if (this.chosen.get(capability)?.data.token === token) this.chosen.delete(capability);
    this.onRefused(token, capability);
  }

  /** Forgets refusals of tokens no subscriber holds any more. */
  prune(): void {
    const held = new Set([...this.subscribers.values()].map((socket) => socket.data.token));
    for (const refused of this.refused.values())
      for (const token of refused) if (!held.has(token)) refused.delete(token);
  }
}

interface Tracked {
  readonly feed: EnvironmentFeed;
  /** Every socket following the environment (its devices, its summary or both): their tokens poll. */
  readonly subscribers: Map<string, LiveSocket>;
  /** Those following its devices. */
  readonly deviceSubscribers: Set<string>;
  /** Those following its system log (the live tail). */
  readonly logSubscribers: Set<string>;
  /** The fleet summary, while some socket follows it. */
  summary: EnvironmentSummary | null;
  readonly tokens: SubscriberTokens;
  /** Sockets waiting for a snapshot, not yet in the delta room. */
  readonly awaitingSnapshot: Set<string>;
  /** Resolves once the shared state (if any) was loaded. */
  readonly following: Promise<void>;
  releaseTimer: NodeJS.Timeout | undefined;
  flushScheduled: boolean;
  /** A snapshot is being encoded: it goes to every socket awaiting one when it is ready. */
  flushing: boolean;
  /**
   * What the latest snapshot weighed when written (bytes queued right after its emit). A socket
   * may have one snapshot plus the configured bound waiting before it counts as slow: a large
   * fleet's snapshot alone can be above the bound while deltas keep coming.
   */
  snapshotBytes: number;
}

type SnapshotReason = 'subscribe' | 'resync' | 'epoch';

interface Laggard {
  readonly socket: LiveSocket;
  readonly environmentIds: Set<number>;
  readonly since: number;
}

/**
 * devices.subscribe and the fan-out of snapshots, deltas and system log entries. Sockets of one
 * audience share a room and each delta is emitted once per room (socket.io encodes it once and
 * writes the same frame to every socket). Before each emit, sockets whose write buffer is over
 * its bound leave the room; once caught up they get a fresh snapshot, or are disconnected when
 * they do not catch up in time.
 */
export class DevicesFanout {
  private readonly tracked = new Map<number, Tracked>();
  private readonly socketEnvironments = new Map<string, Set<number>>();
  private readonly laggards = new Map<string, Laggard>();
  private readonly subscribeWindows = new Map<string, { start: number; count: number }>();
  private laggardTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: DevicesFanoutOptions) {}

  /** Environments followed on this gateway. */
  get environments(): number[] {
    return [...this.tracked.keys()];
  }

  feed(environmentId: number): EnvironmentFeed | undefined {
    return this.tracked.get(environmentId)?.feed;
  }

  /** Registers the socket's live-protocol handlers. */
  attach(socket: LiveSocket): void {
    socket.on(LiveEvent.DEVICES_SUBSCRIBE, (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      void this.subscribe(socket, payload, answer).catch((error: unknown) => {
        log.error({ err: error }, 'devices.subscribe failed');
        answer({ ok: false, error: HttpErrorKind.INTERNAL });
      });
    });
    socket.on(LiveEvent.DEVICES_UNSUBSCRIBE, (payload) => {
      const parsed = UnsubscribeSchema.safeParse(payload);
      if (parsed.success) this.leave(socket, parsed.data.environmentId, 'devices');
    });
    socket.on(LiveEvent.SUMMARY_SUBSCRIBE, (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      void this.subscribeSummary(socket, payload, answer).catch((error: unknown) => {
        log.error({ err: error }, 'summary.subscribe failed');
        answer({ ok: false, error: HttpErrorKind.INTERNAL });
      });
    });
    socket.on(LiveEvent.SUMMARY_UNSUBSCRIBE, (payload) => {
      const parsed = EnvironmentSubscribeSchema.safeParse(payload);
      if (parsed.success) this.leave(socket, parsed.data.environmentId, 'summary');
    });
    socket.on(LiveEvent.LOGS_SUBSCRIBE, (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      void this.subscribeLogs(socket, payload, answer).catch((error: unknown) => {
        log.error({ err: error }, 'logs.subscribe failed');
        answer({ ok: false, error: HttpErrorKind.INTERNAL });
      });
    });
    socket.on(LiveEvent.LOGS_UNSUBSCRIBE, (payload) => {
      const parsed = EnvironmentSubscribeSchema.safeParse(payload);
      if (parsed.success) this.leave(socket, parsed.data.environmentId, 'logs');
    });
    socket.on('disconnect', () => {
      for (const environmentId of [...(this.socketEnvironments.get(socket.id) ?? [])])
        this.leave(socket, environmentId);
      this.socketEnvironments.delete(socket.id);
      this.laggards.delete(socket.id);
      this.subscribeWindows.delete(socket.id);
    });
  }

  /**
   * Permissions follow the session as re-validated (SessionMonitor.onRevalidated): whoever lost
   * logs view leaves the logs rooms; whoever lost devices view is cut off from the devices.
   */
  sessionRevalidated(socket: LiveSocket): void {
    const { session, token } = socket.data;
    for (const environmentId of [...(this.socketEnvironments.get(socket.id) ?? [])]) {
      if (!can(session, 'devices.view')) this.revoke(environmentId, token, 'devices.view');
      else if (!can(session, 'logs.view')) {
        this.leave(socket, environmentId, 'logs');
        this.tracked.get(environmentId)?.summary?.permissionsChanged(socket);
      }
    }
  }

  /**
   * A wall display's socket gets only the subscriptions of DISPLAY_LIVE_SUBSCRIPTIONS, on its
   * own environment (shared/src/wall-displays/displayAccess.ts, the rule the provider applies
   * to calls); a person's socket is not narrowed here.
   */
  private displayMay(socket: LiveSocket, event: string, environmentId: number): boolean {
    const { session } = socket.data;
    return !isDisplaySession(session.session_kind) || displayMaySubscribe(event, environmentId, session.environment_id);
  }

  /** Each subscription may cost an upstream call: a socket gets a bounded number of them. */
  private allowSubscribe(socket: LiveSocket, environmentId: number): boolean {
    const now = Date.now();
    const window = this.subscribeWindows.get(socket.id);
    if (!window || now - window.start >= SUBSCRIBE_WINDOW_MS) {
      this.subscribeWindows.set(socket.id, { start: now, count: 1 });
    } else {
      window.count += 1;
      if (window.count > SUBSCRIBE_LIMIT) return false;
    }
    const watched = this.socketEnvironments.get(socket.id);
    return !watched || watched.has(environmentId) || watched.size < MAX_ENVIRONMENTS_PER_SOCKET;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.laggardTimer);
    for (const [environmentId, tracked] of this.tracked) {
      clearTimeout(tracked.releaseTimer);
      tracked.summary?.close();
      this.options.bus.unfollow(environmentId);
    }
    this.tracked.clear();
    await this.options.pollers.stopAll();
  }

  private async subscribe(
    socket: LiveSocket,
    payload: unknown,
    ack: (answer: DevicesSubscribeAck) => void,
  ): Promise<void> {
    const parsed = DevicesSubscribeSchema.safeParse(payload);
    if (!parsed.success) {
      ack({ ok: false, error: HttpErrorKind.GENERAL });
      return;
    }
    const { environmentId, epoch, seq } = parsed.data;
    if (!this.displayMay(socket, LiveEvent.DEVICES_SUBSCRIBE, environmentId)) {
      ack({ ok: false, error: HttpErrorKind.FORBIDDEN });
      return;
    }
    if (!this.allowSubscribe(socket, environmentId)) {
      ack({ ok: false, error: HttpErrorKind.TOO_MANY_REQUESTS });
      return;
    }
    const access = await this.options.access.check(socket.data.session, socket.data.token, environmentId);
    if (access !== 'ok') {
      ack({ ok: false, error: access });
      return;
    }
    if (!socket.connected || this.closed) return;
    const tracked = this.follow(socket, environmentId);
    tracked.deviceSubscribers.add(socket.id);
    if (!(await this.followed(socket, environmentId, tracked)) || !tracked.deviceSubscribers.has(socket.id)) return;
    const laggard = this.laggards.get(socket.id);
    if (laggard) laggard.environmentIds.add(environmentId);

    const missed = epoch !== undefined && seq !== undefined ? tracked.feed.missedSince(epoch, seq) : null;
    if (missed && !laggard) {
      // The ack, the missed deltas and the room join happen in one tick: nothing slips between.
      ack({ ok: true, mode: 'replay' });
      for (const delta of missed) socket.emit(LiveEvent.DEVICES_DELTA, delta);
      void socket.join(devicesRoom(environmentId));
      tracked.awaitingSnapshot.delete(socket.id);
      this.options.metrics.replays.inc();
      return;
    }
    ack({ ok: true, mode: 'snapshot' });
    void socket.leave(devicesRoom(environmentId));
    if (!laggard) this.queueSnapshot(environmentId, tracked, socket.id);
  }

  /**
   * `summary.subscribe`: the environment's fleet summary (counts, the worst problems, the latest
   * alerts), pushed as it changes; access as for its devices.
   */
  private async subscribeSummary(
    socket: LiveSocket,
    payload: unknown,
    ack: (answer: SubscribeAck) => void,
  ): Promise<void> {
    const environmentId = await this.admit(socket, LiveEvent.SUMMARY_SUBSCRIBE, payload, ack, 'devices.view');
    if (environmentId === null) return;
    const tracked = this.follow(socket, environmentId);
    tracked.summary ??= this.startSummary(environmentId, tracked);
    const summary = tracked.summary;
    // A member at once, so the environment is not released while its shared state loads.
    summary.join(socket);
    if (!(await this.followed(socket, environmentId, tracked)) || !summary.has(socket.id)) return;
    ack({ ok: true });
  }

  /**
   * `logs.subscribe`: the environment's new system log entries as `logs.system` (the system
   * log's live tail), for sessions that may view its devices and its logs.
   */
  private async subscribeLogs(
    socket: LiveSocket,
    payload: unknown,
    ack: (answer: SubscribeAck) => void,
  ): Promise<void> {
    const environmentId = await this.admit(socket, LiveEvent.LOGS_SUBSCRIBE, payload, ack, 'logs.view');
    if (environmentId === null) return;
    const tracked = this.follow(socket, environmentId);
    tracked.logSubscribers.add(socket.id);
    void socket.join(logsRoom(environmentId));
    if (!(await this.followed(socket, environmentId, tracked)) || !tracked.logSubscribers.has(socket.id)) return;
    ack({ ok: true });
  }

  /**
   * Checks an environment subscription (summary, logs) as devices.subscribe does, plus the
   * capability it needs: the environment to follow, or null once refused in the ack.
   */
  private async admit(
    socket: LiveSocket,
    event: string,
    payload: unknown,
    ack: (answer: SubscribeAck) => void,
    capability: PollCapability,
  ): Promise<number | null> {
    const parsed = EnvironmentSubscribeSchema.safeParse(payload);
    if (!parsed.success) {
      ack({ ok: false, error: HttpErrorKind.GENERAL });
      return null;
    }
    const { environmentId } = parsed.data;
    if (!this.displayMay(socket, event, environmentId)) {
      ack({ ok: false, error: HttpErrorKind.FORBIDDEN });
      return null;
    }
    if (!this.allowSubscribe(socket, environmentId)) {
      ack({ ok: false, error: HttpErrorKind.TOO_MANY_REQUESTS });
      return null;
    }
    const access = can(socket.data.session, capability)
      ? await this.options.access.check(socket.data.session, socket.data.token, environmentId)
      : HttpErrorKind.FORBIDDEN;
    if (access !== 'ok') {
      ack({ ok: false, error: access });
      return null;
    }
    return socket.connected && !this.closed ? environmentId : null;
  }

  private startSummary(environmentId: number, tracked: Tracked): EnvironmentSummary {
    const { recentAlerts } = this.options;
    const summary = new EnvironmentSummary({
      environmentId,
      namespace: this.options.namespace,
      metrics: this.options.metrics,
      intervalMs: this.options.summaryIntervalMs,
      recentAlerts: async () => {
        const token = tracked.tokens.current('logs.view');
        return token && recentAlerts ? recentAlerts(environmentId, token) : null;
      },
    });
    const snapshot = tracked.feed.snapshot();
    if (snapshot) summary.reset(snapshot.devices);
    return summary;
  }

  /** The socket follows the environment (its token may poll it). */
  private follow(socket: LiveSocket, environmentId: number): Tracked {
    const tracked = this.acquire(environmentId);
    tracked.subscribers.set(socket.id, socket);
    const environments = this.socketEnvironments.get(socket.id) ?? new Set<number>();
    environments.add(environmentId);
    this.socketEnvironments.set(socket.id, environments);
    return tracked;
  }

  /**
   * Waits (a while at most) for the shared state, so a socket on a gateway that just started
   * following resumes from the shared history; false when the socket or the feed went meanwhile.
   */
  private async followed(socket: LiveSocket, environmentId: number, tracked: Tracked): Promise<boolean> {
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([tracked.following, new Promise((resolve) => (waited = setTimeout(resolve, FOLLOW_WAIT_MS)))]);
    clearTimeout(waited);
    return socket.connected && this.tracked.get(environmentId) === tracked && tracked.subscribers.has(socket.id);
  }

  /** Starts following (and wanting a poller for) an environment, or cancels its release. */
  private acquire(environmentId: number): Tracked {
    const existing = this.tracked.get(environmentId);
    if (existing) {
      clearTimeout(existing.releaseTimer);
      existing.releaseTimer = undefined;
      return existing;
    }
    const subscribers = new Map<string, LiveSocket>();
    const tokens = new SubscriberTokens(subscribers, (token, capability) =>
      this.revoke(environmentId, token, capability),
    );
    const feed = new EnvironmentFeed(environmentId, this.options.historyLength, this.options.encodeSnapshot);
    const tracked: Tracked = {
      feed,
      subscribers,
      deviceSubscribers: new Set(),
      logSubscribers: new Set(),
      summary: null,
      tokens,
      awaitingSnapshot: new Set(),
      following: Promise.resolve(),
      releaseTimer: undefined,
      flushScheduled: false,
      flushing: false,
      snapshotBytes: 0,
    };
    this.tracked.set(environmentId, tracked);
    (tracked as { following: Promise<void> }).following = this.options.bus
      .follow(environmentId, (event) => {
        if (this.tracked.get(environmentId) === tracked) this.onFeedEvent(environmentId, tracked, event);
      })
      .catch((error: unknown) => log.error({ err: error, environmentId }, 'following an environment failed'));
    this.options.pollers.want(environmentId, tokens);
    return tracked;
  }

  /**
   * The upstream refused this token here: its user may not see this any more, so its sockets
   * stop receiving it. Without logs they just leave the logs room. Without devices they leave
   * the environment at once; if the session itself ended (a 401: logged out, replaced,
   * expired, revoked) its sockets are told why by the session check, otherwise they lose
   * their connection (as a lost transport) and their client's next subscription gets the
   * refusal as its ack.
   */
  private revoke(environmentId: number, token: string, capability: PollCapability): void {
    const tracked = this.tracked.get(environmentId);
    if (!tracked) return;
    if (capability === 'devices.view') this.options.access.refuse(token, environmentId);
    const refused: LiveSocket[] = [];
    for (const socket of [...tracked.subscribers.values()]) {
      if (socket.data.token !== token) continue;
      if (capability === 'logs.view') {
        if (tracked.summary?.has(socket.id)) tracked.summary.join(socket, 'plain');
        this.leave(socket, environmentId, 'logs');
        continue;
      }
      this.leave(socket, environmentId);
      refused.push(socket);
    }
    if (refused.length === 0) return;
    const confirmed = this.options.confirmRefusal?.(token) ?? Promise.resolve();
    void confirmed
      .catch(() => undefined)
      .then(() => {
        for (const socket of refused) if (socket.connected && !socket.data.ended) dropConnection(socket);
      });
  }

  /** The socket stops following the environment's devices, its summary, its log, or all of them. */
  private leave(socket: LiveSocket, environmentId: number, part: 'devices' | 'summary' | 'logs' | 'all' = 'all'): void {
    const tracked = this.tracked.get(environmentId);
    if (part === 'devices' || part === 'all') {
      void socket.leave(devicesRoom(environmentId));
      this.laggards.get(socket.id)?.environmentIds.delete(environmentId);
      tracked?.deviceSubscribers.delete(socket.id);
      tracked?.awaitingSnapshot.delete(socket.id);
    }
    if (part === 'logs' || part === 'all') {
      void socket.leave(logsRoom(environmentId));
      tracked?.logSubscribers.delete(socket.id);
    }
    if ((part === 'summary' || part === 'all') && tracked?.summary) {
      tracked.summary.leave(socket);
      if (tracked.summary.size === 0) {
        tracked.summary.close();
        tracked.summary = null;
      }
    }
    const stillFollowing =
      tracked &&
      (tracked.deviceSubscribers.has(socket.id) ||
        tracked.logSubscribers.has(socket.id) ||
        tracked.summary?.has(socket.id));
    if (stillFollowing) return;
    this.socketEnvironments.get(socket.id)?.delete(environmentId);
    if (!tracked) return;
    tracked.subscribers.delete(socket.id);
    tracked.tokens.prune();
    if (tracked.subscribers.size > 0 || tracked.releaseTimer) return;
    tracked.releaseTimer = setTimeout(() => {
      if (this.tracked.get(environmentId) !== tracked || tracked.subscribers.size > 0) return;
      this.tracked.delete(environmentId);
      this.options.bus.unfollow(environmentId);
      void this.options.pollers.unwant(environmentId);
    }, this.options.graceMs);
    tracked.releaseTimer.unref();
  }

  private onFeedEvent(environmentId: number, tracked: Tracked, event: FeedEvent): void {
    const { namespace } = this.options;
    if (event.type === 'logs') {
      namespace.local.to(logsRoom(environmentId)).emit(LiveEvent.LOGS_SYSTEM, event.event);
      tracked.summary?.addAlerts(event.event.entries);
      return;
    }
    if (event.type === 'delta') {
      if (!tracked.feed.apply(event.delta)) {
        this.options.bus.resync(environmentId);
        return;
      }
      this.broadcastDelta(environmentId, tracked, event.delta);
      return;
    }
    const outcome = tracked.feed.load(event.state);
    if (outcome.kind === 'continued') {
      for (const delta of outcome.deltas) this.broadcastDelta(environmentId, tracked, delta);
      return;
    }
    const snapshot = tracked.feed.snapshot();
    if (snapshot) tracked.summary?.reset(snapshot.devices);
    // A new epoch: everyone in the room needs the whole state.
    const room = namespace.adapter.rooms.get(devicesRoom(environmentId));
    for (const socketId of room ?? []) tracked.awaitingSnapshot.add(socketId);
    for (const socketId of tracked.awaitingSnapshot)
      void namespace.sockets.get(socketId)?.leave(devicesRoom(environmentId));
    this.flushSnapshots(environmentId, tracked, 'epoch');
  }

  /** One emit per room; slow consumers leave the room first. The summary takes the change too. */
  private broadcastDelta(environmentId: number, tracked: Tracked, delta: DevicesDelta): void {
    const started = performance.now();
    const { namespace } = this.options;
    const room = devicesRoom(environmentId);
    const allowance = tracked.snapshotBytes;
    tracked.summary?.update(tracked.feed.devicesOf(delta.changed), delta.removed);
    for (const socketId of [...(namespace.adapter.rooms.get(room) ?? [])]) {
      const socket = namespace.sockets.get(socketId);
      if (socket && this.isBehind(socket, allowance)) this.dropSlow(socket, environmentId);
    }
    namespace.local.to(room).emit(LiveEvent.DEVICES_DELTA, delta);
    this.options.metrics.fanoutDuration.observe((performance.now() - started) / 1000);
  }

  private isBehind(socket: LiveSocket, allowance: number): boolean {
    const pending = pendingWrites(socket);
    return pending.packets > this.options.bufferPackets || pending.bytes > this.options.bufferBytes + allowance;
  }

  private dropSlow(socket: LiveSocket, environmentId: number): void {
    void socket.leave(devicesRoom(environmentId));
    const laggard = this.laggards.get(socket.id);
    if (laggard) {
      laggard.environmentIds.add(environmentId);
    } else {
      this.laggards.set(socket.id, { socket, environmentIds: new Set([environmentId]), since: Date.now() });
    }
    this.options.metrics.slowConsumerDrops.inc();
    this.laggardTimer ??= setInterval(() => this.checkLaggards(), LAGGARD_CHECK_MS);
    this.laggardTimer.unref();
  }

  /** Caught-up laggards get a fresh snapshot and rejoin; those out of time are disconnected. */
  private checkLaggards(): void {
    const now = Date.now();
    for (const [socketId, laggard] of this.laggards) {
      const { socket } = laggard;
      if (!socket.connected) {
        this.laggards.delete(socketId);
        continue;
      }
      const pending = pendingWrites(socket);
      if (pending.packets === 0 && pending.bytes < this.options.bufferBytes / 4 && pending.writable) {
        this.laggards.delete(socketId);
        for (const environmentId of laggard.environmentIds) {
          const tracked = this.tracked.get(environmentId);
          if (tracked?.subscribers.has(socketId)) this.queueSnapshot(environmentId, tracked, socketId, 'resync');
        }
      } else if (now - laggard.since > this.options.resyncMs) {
        this.laggards.delete(socketId);
        this.options.metrics.slowConsumerDisconnects.inc();
        // A lost transport, so the client reconnects and subscribes again with its epoch and seq.
        dropConnection(socket);
      }
    }
    if (this.laggards.size === 0) {
      clearInterval(this.laggardTimer);
      this.laggardTimer = undefined;
    }
  }

  /** Snapshots asked for within a short window go out as one emit to all those sockets. */
  private queueSnapshot(
    environmentId: number,
    tracked: Tracked,
    socketId: string,
    reason: 'subscribe' | 'resync' = 'subscribe',
  ): void {
    tracked.awaitingSnapshot.add(socketId);
    this.queueSnapshotFlush(environmentId, tracked, reason);
  }

  private queueSnapshotFlush(environmentId: number, tracked: Tracked, reason: SnapshotReason): void {
    if (tracked.flushScheduled) return;
    tracked.flushScheduled = true;
    setTimeout(() => {
      tracked.flushScheduled = false;
      if (this.tracked.get(environmentId) === tracked) this.flushSnapshots(environmentId, tracked, reason);
    }, snapshotBatchMs(tracked.snapshotBytes)).unref();
  }

  /**
   * Sends the latest snapshot to every socket awaiting one. Its encoding may take a while (a
   * large fleet's): whoever subscribes meanwhile gets the same one, and the deltas that came
   * after its seq follow it at once, before the sockets join the delta room, in one tick.
   */
  private flushSnapshots(environmentId: number, tracked: Tracked, reason: SnapshotReason): void {
    if (tracked.flushing || tracked.awaitingSnapshot.size === 0) return;
    // Until the first state arrives the sockets wait; it is sent to them then.
    const message = tracked.feed.snapshotMessage();
    if (!message) return;
    tracked.flushing = true;
    message.then(
      (ready) => {
        tracked.flushing = false;
        if (this.tracked.get(environmentId) === tracked) this.sendSnapshot(environmentId, tracked, ready, reason);
      },
      (error: unknown) => {
        tracked.flushing = false;
        log.error({ err: error, environmentId }, 'encoding a snapshot failed');
        if (this.tracked.get(environmentId) === tracked) this.queueSnapshotFlush(environmentId, tracked, reason);
      },
    );
  }

  private sendSnapshot(
    environmentId: number,
    tracked: Tracked,
    message: DevicesSnapshotMessage,
    reason: SnapshotReason,
  ): void {
    const after = tracked.feed.missedSince(message.epoch, message.seq);
    if (after === null) {
      // A new epoch began while it was encoded: the next one is of that.
      this.flushSnapshots(environmentId, tracked, reason);
      return;
    }
    const { namespace } = this.options;
    const recipients = [...tracked.awaitingSnapshot].filter(
      (socketId) => namespace.sockets.has(socketId) && !this.laggards.has(socketId),
    );
    tracked.awaitingSnapshot.clear();
    if (recipients.length === 0) return;
    namespace.local.to(recipients).emit(LiveEvent.DEVICES_SNAPSHOT, message);
    const first = namespace.sockets.get(recipients[0] ?? '');
    if (first) tracked.snapshotBytes = pendingWrites(first).bytes;
    for (const delta of after) namespace.local.to(recipients).emit(LiveEvent.DEVICES_DELTA, delta);
    this.options.metrics.snapshotsSent.inc({ reason }, recipients.length);
    for (const socketId of recipients) void namespace.sockets.get(socketId)?.join(devicesRoom(environmentId));
  }
}

/** Closes the socket's connection at once, as a lost transport (the client reconnects by itself). */
function dropConnection(socket: LiveSocket): void {
  const transport = (socket.conn as unknown as { transport?: { socket?: { terminate?: () => void } } }).transport;
  if (typeof transport?.socket?.terminate === 'function') transport.socket.terminate();
  else socket.conn.close();
}
