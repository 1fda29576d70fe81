import {
  can,
  EnvironmentSubscribeSchema,
  HttpErrorKind,
  LiveEvent,
  type AlarmChangesResponse,
  type AlarmCounts,
  type SystemLogEntry,
} from '@halo/shared';
import { z } from 'zod';
import type { GatewayMetrics } from '../metrics.js';
import type { PollCapability } from '../pollers/environmentPoller.js';
import type { PollerManager } from '../pollers/pollerManager.js';
import { log } from '../log.js';
import type { EnvironmentAccess } from './environmentAccess.js';
import type { EnvironmentFeed } from './environmentFeed.js';
import type { FeedBus, FeedEvent } from './feedBus.js';
import { AlarmsRoom } from './fanout/alarmsRoom.js';
import { DevicesRoom } from './fanout/devicesRoom.js';
import { dropConnection } from './fanout/dropConnection.js';
import { LogsRoom } from './fanout/logsRoom.js';
import { SlowConsumers } from './fanout/slowConsumers.js';
import { SnapshotBatching } from './fanout/snapshotBatching.js';
import { SubscribeAdmission } from './fanout/subscribeAdmission.js';
import { SummaryRoom } from './fanout/summaryRoom.js';
import { TrackedEnvironments, type Tracked } from './fanout/trackedEnvironments.js';
import type { LiveNamespace, LiveSocket } from './liveTypes.js';
import type { SnapshotEncoder } from './snapshotEncoding.js';

export { alarmsRoom, devicesRoom, logsRoom } from './fanout/roomNames.js';

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
  /** The environment's alarm counts (issue 27), asked with a token that may view them. */
  readonly alarmCounts?: (environmentId: number, token: string) => Promise<AlarmCounts | null>;
  /** The environment's alarm changes after a revision (issue 27), asked with a token that may view them. */
  readonly alarmChanges?: (
    environmentId: number,
    token: string,
    after: number | undefined,
  ) => Promise<AlarmChangesResponse | null>;
}

const UnsubscribeSchema = z.strictObject({ environmentId: z.number().int().positive() });

type Part = 'devices' | 'summary' | 'logs' | 'alarms' | 'all';

/**
 * devices.subscribe, summary.subscribe, logs.subscribe and alarms.subscribe, and the fan-out of
 * snapshots, deltas, summaries, system log entries and alarm changes: one room each (fanout/), sharing the environments
 * followed here, the admission of subscriptions, the slow-consumer policy and the batching of
 * snapshots. This composes them and follows each socket's permissions.
 */
export class DevicesFanout {
  private readonly followed: TrackedEnvironments;
  private readonly admission: SubscribeAdmission;
  private readonly slow: SlowConsumers;
  private readonly snapshots: SnapshotBatching;
  private readonly devices: DevicesRoom;
  private readonly summaries: SummaryRoom;
  private readonly logs: LogsRoom;
  private readonly alarms: AlarmsRoom;
  private closed = false;

  constructor(private readonly options: DevicesFanoutOptions) {
    const { namespace, metrics } = options;
    const environments = new TrackedEnvironments({
      bus: options.bus,
      pollers: options.pollers,
      historyLength: options.historyLength,
      graceMs: options.graceMs,
      ...(options.encodeSnapshot ? { encodeSnapshot: options.encodeSnapshot } : {}),
      onFeedEvent: (environmentId, tracked, event) => this.onFeedEvent(environmentId, tracked, event),
      onRefused: (environmentId, token, capability) => this.revoke(environmentId, token, capability),
    });
    const admission = new SubscribeAdmission({
      access: options.access,
      watched: (socketId) => environments.of(socketId),
      closed: () => this.closed,
    });
    const snapshots = new SnapshotBatching({
      namespace,
      metrics,
      isCurrent: (environmentId, batch) => environments.isCurrent(environmentId, batch),
      isLagging: (socketId) => this.slow.has(socketId),
    });
    this.slow = new SlowConsumers({
      metrics,
      bufferPackets: options.bufferPackets,
      bufferBytes: options.bufferBytes,
      resyncMs: options.resyncMs,
      caughtUp: (socketId, environmentIds) => {
        for (const environmentId of environmentIds) {
          const tracked = environments.get(environmentId);
          if (tracked?.subscribers.has(socketId)) snapshots.queue(environmentId, tracked, socketId, 'resync');
        }
      },
    });
    this.followed = environments;
    this.admission = admission;
    this.snapshots = snapshots;
    this.devices = new DevicesRoom({ namespace, metrics, environments, admission, slow: this.slow, snapshots });
    this.summaries = new SummaryRoom({
      namespace,
      metrics,
      environments,
      admission,
      intervalMs: options.summaryIntervalMs,
      ...(options.recentAlerts ? { recentAlerts: options.recentAlerts } : {}),
      ...(options.alarmCounts ? { alarmCounts: options.alarmCounts } : {}),
    });
    this.logs = new LogsRoom({ namespace, environments, admission });
    this.alarms = new AlarmsRoom({
      namespace,
      metrics,
      environments,
      admission,
      alarmChanges: options.alarmChanges ?? (() => Promise.resolve(null)),
    });
  }

  /** Environments followed on this gateway. */
  get environments(): number[] {
    return this.followed.environmentIds;
  }

  feed(environmentId: number): EnvironmentFeed | undefined {
    return this.followed.get(environmentId)?.feed;
  }

  /**
   * An environment's alarms changed through this gateway (an acknowledgement), or what marks
   * them (a silence): its summary, if followed, counts them again, and its alarm stream reads
   * the changes (after a silence, screens read their lists again).
   */
  alarmsChanged(environmentId: number, what: 'alarms' | 'silences' = 'alarms'): void {
    const tracked = this.followed.get(environmentId);
    this.summaries.alarmsChanged(tracked);
    tracked?.alarms?.changed(what === 'silences');
  }

  /** Registers the socket's live-protocol handlers. */
  attach(socket: LiveSocket): void {
    socket.on(LiveEvent.DEVICES_SUBSCRIBE, (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      void this.devices.subscribe(socket, payload, answer).catch((error: unknown) => {
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
      void this.summaries.subscribe(socket, payload, answer).catch((error: unknown) => {
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
      void this.logs.subscribe(socket, payload, answer).catch((error: unknown) => {
        log.error({ err: error }, 'logs.subscribe failed');
        answer({ ok: false, error: HttpErrorKind.INTERNAL });
      });
    });
    socket.on(LiveEvent.LOGS_UNSUBSCRIBE, (payload) => {
      const parsed = EnvironmentSubscribeSchema.safeParse(payload);
      if (parsed.success) this.leave(socket, parsed.data.environmentId, 'logs');
    });
    socket.on(LiveEvent.ALARMS_SUBSCRIBE, (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      void this.alarms.subscribe(socket, payload, answer).catch((error: unknown) => {
        log.error({ err: error }, 'alarms.subscribe failed');
        answer({ ok: false, error: HttpErrorKind.INTERNAL });
      });
    });
    socket.on(LiveEvent.ALARMS_UNSUBSCRIBE, (payload) => {
      const parsed = EnvironmentSubscribeSchema.safeParse(payload);
      if (parsed.success) this.leave(socket, parsed.data.environmentId, 'alarms');
    });
    socket.on('disconnect', () => {
      for (const environmentId of [...(this.followed.of(socket.id) ?? [])]) this.leave(socket, environmentId);
      this.followed.forget(socket.id);
      this.slow.forget(socket.id);
      this.admission.forget(socket.id);
    });
  }

  /**
   * Permissions follow the session as re-validated (SessionMonitor.onRevalidated): whoever lost
   * logs view leaves the logs rooms; whoever lost devices view is cut off from the devices.
   */
  sessionRevalidated(socket: LiveSocket): void {
    const { session, token } = socket.data;
    for (const environmentId of [...(this.followed.of(socket.id) ?? [])]) {
      if (!can(session, 'devices.view')) this.revoke(environmentId, token, 'devices.view');
      else if (!can(session, 'logs.view')) {
        this.leave(socket, environmentId, 'logs');
        this.leave(socket, environmentId, 'alarms');
        this.followed.get(environmentId)?.summary?.permissionsChanged(socket);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.slow.close();
    this.followed.close();
    await this.options.pollers.stopAll();
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
    const tracked = this.followed.get(environmentId);
    if (!tracked) return;
    if (capability === 'devices.view') this.options.access.refuse(token, environmentId);
    const refused: LiveSocket[] = [];
    for (const socket of [...tracked.subscribers.values()]) {
      if (socket.data.token !== token) continue;
      if (capability === 'logs.view') {
        if (tracked.summary?.has(socket.id)) tracked.summary.join(socket, 'plain');
        this.leave(socket, environmentId, 'logs');
        this.leave(socket, environmentId, 'alarms');
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

  /** The socket stops following the environment's devices, its summary, its log, its alarms, or all of them. */
  private leave(socket: LiveSocket, environmentId: number, part: Part = 'all'): void {
    const tracked = this.followed.get(environmentId);
    if (part === 'devices' || part === 'all') this.devices.leave(socket, environmentId, tracked);
    if (part === 'logs' || part === 'all') this.logs.leave(socket, environmentId, tracked);
    if (part === 'summary' || part === 'all') this.summaries.leave(socket, tracked);
    if (part === 'alarms' || part === 'all') this.alarms.leave(socket, tracked);
    const stillFollowing =
      tracked &&
      (tracked.deviceSubscribers.has(socket.id) ||
        tracked.logSubscribers.has(socket.id) ||
        tracked.summary?.has(socket.id) ||
        tracked.alarms?.has(socket.id));
    if (!stillFollowing) this.followed.unfollow(socket, environmentId);
  }

  private onFeedEvent(environmentId: number, tracked: Tracked, event: FeedEvent): void {
    if (event.type === 'logs') {
      this.logs.publish(environmentId, tracked, event.event);
      return;
    }
    if (event.type === 'delta') {
      if (!tracked.feed.apply(event.delta)) {
        this.options.bus.resync(environmentId);
        return;
      }
      this.devices.broadcastDelta(environmentId, tracked, event.delta);
      return;
    }
    const outcome = tracked.feed.load(event.state);
    if (outcome.kind === 'continued') {
      for (const delta of outcome.deltas) this.devices.broadcastDelta(environmentId, tracked, delta);
      return;
    }
    const snapshot = tracked.feed.snapshot();
    if (snapshot) tracked.summary?.reset(snapshot.devices);
    this.devices.newEpoch(environmentId, tracked);
  }
}
