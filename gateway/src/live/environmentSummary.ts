import {
  can,
  FleetSummaryState,
  isAlarmEvent,
  LiveEvent,
  summaryChanges,
  summaryReset,
  type AlarmCounts,
  type DeviceLiveState,
  type FleetSummary,
  type FleetSummaryMessage,
  type SystemLogEntry,
} from '@halo/shared';
import { log } from '../log.js';
import { CoalescedRead } from './coalescedRead.js';
import { broadcastFramed } from './fanout/frameBroadcast.js';
import type { GatewayMetrics } from '../metrics.js';
import type { LiveNamespace, LiveSocket } from './liveTypes.js';

/** Sockets following an environment's summary: without alerts, and with them (logs view). */
export const summaryRoom = (environmentId: number) => `summary:${environmentId}`;
export const summaryAlertsRoom = (environmentId: number) => `summary-alerts:${environmentId}`;

type Audience = 'plain' | 'alerts';
const AUDIENCES: readonly Audience[] = ['plain', 'alerts'];
const roomOf = (audience: Audience, environmentId: number) =>
  audience === 'alerts' ? summaryAlertsRoom(environmentId) : summaryRoom(environmentId);
const audienceOf = (socket: LiveSocket): Audience => (can(socket.data.session, 'logs.view') ? 'alerts' : 'plain');

/** New alerts a push carries at most (about one a second): in a storm a wall shows the newest. */
export const ALERTS_PER_PUSH = 4;

/** How many of the log's latest alerts a new summary starts from. */
export const SEED_ALERTS = 50;

export interface EnvironmentSummaryOptions {
  readonly environmentId: number;
  readonly namespace: LiveNamespace;
  readonly metrics: GatewayMetrics;
  /** At most one push per this many ms. */
  readonly intervalMs: number;
  /** The log's latest alerts, with a subscriber's token that may view logs (null: none can, or it failed). */
  readonly recentAlerts: () => Promise<SystemLogEntry[] | null>;
  /** The environment's alarm counts, with a subscriber's token that may view alarms (null: none can, failed, or no such extension). */
  readonly alarmCounts?: () => Promise<AlarmCounts | null>;
  readonly now?: () => number;
}

/** Alarm counts are read again at most this often, and at least this often while pushes go out (a peer gateway's acknowledgements). */
export const ALARM_RECOUNT_MIN_MS = 1000;
export const ALARM_RECOUNT_MAX_MS = 30_000;

/**
 * One environment's fleet summary on this gateway (shared FleetSummaryState, fed by the same
 * feed as the device stream) and the sockets that follow it. What changed goes out at most once
 * per interval, one emit per audience room: its cost does not grow with the fleet or with the
 * number of walls. A new follower gets the summary its room was last sent, so the changes
 * that follow apply to what it holds.
 */
export class EnvironmentSummary {
  private readonly state = new FleetSummaryState();
  private readonly members = new Set<string>();
  private readonly sent: Record<Audience, FleetSummary | null> = { plain: null, alerts: null };
  private ready = false;
  private seeded = false;
  private timer: NodeJS.Timeout | undefined;
  /** When the scheduled push is due (epoch ms). */
  private timerAt = 0;
  private lastPushAt = 0;
  private readonly now: () => number;
  /** The alarm counts' reads: one at a time, at most one per ALARM_RECOUNT_MIN_MS. */
  private readonly alarmCounts: CoalescedRead;

  constructor(private readonly options: EnvironmentSummaryOptions) {
    this.now = options.now ?? Date.now;
    this.alarmCounts = new CoalescedRead(() => this.readAlarmCounts(), ALARM_RECOUNT_MIN_MS, this.now);
  }

  get size(): number {
    return this.members.size;
  }

  has(socketId: string): boolean {
    return this.members.has(socketId);
  }

  /** A socket follows the summary: it gets what its room was last sent, then the changes. */
  join(socket: LiveSocket, audience: Audience = audienceOf(socket)): void {
    const { environmentId } = this.options;
    this.members.add(socket.id);
    for (const other of AUDIENCES) if (other !== audience) void socket.leave(roomOf(other, environmentId));
    void socket.join(roomOf(audience, environmentId));
    const sent = this.sent[audience];
    if (sent) this.emit(socket.id, summaryReset(environmentId, sent), audience);
    else this.schedule(0);
    if (!this.seeded && audience === 'alerts') this.seed();
    if (audience === 'alerts' && this.alarmCounts.lastAskedAt === 0) this.recountAlarms();
  }

  leave(socket: LiveSocket): void {
    this.members.delete(socket.id);
    for (const audience of AUDIENCES) void socket.leave(roomOf(audience, this.options.environmentId));
  }

  /** Its session's permissions changed: a socket that lost logs view follows the summary without alerts. */
  permissionsChanged(socket: LiveSocket): void {
    if (!this.members.has(socket.id)) return;
    const inAlerts = this.options.namespace.adapter.rooms.get(summaryAlertsRoom(this.options.environmentId));
    if (inAlerts?.has(socket.id) && audienceOf(socket) === 'plain') this.join(socket);
  }

  /** The feed's whole state, at the start or in a new epoch. */
  reset(devices: Iterable<DeviceLiveState>): void {
    this.state.reset(devices);
    this.ready = true;
    this.schedule();
  }

  update(changed: Iterable<DeviceLiveState>, removed: Iterable<number>): void {
    this.state.update(changed, removed);
    this.schedule();
  }

  addAlerts(entries: readonly SystemLogEntry[]): void {
    this.state.addAlerts(entries);
    if (entries.some((entry) => entry.is_alert)) this.schedule();
    if (entries.some((entry) => isAlarmEvent(entry.event_type))) this.recountAlarms();
  }

  /**
   * The alarm counts may have changed (a threshold entry, an acknowledgement through this
   * gateway): they are read again, at most once per ALARM_RECOUNT_MIN_MS, one read at a time.
   */
  recountAlarms(): void {
    if (this.options.alarmCounts) this.alarmCounts.request();
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.alarmCounts.close();
  }

  private async readAlarmCounts(): Promise<void> {
    try {
      const counts = await this.options.alarmCounts?.();
      if (counts && this.state.setAlarmCounts(counts)) this.schedule();
    } catch (error) {
      log.warn({ err: error, environmentId: this.options.environmentId }, 'reading alarm counts failed');
    }
  }

  /** The alerts the log already holds, so a wall opened now is not empty until the next one. */
  private seed(): void {
    this.seeded = true;
    void this.options
      .recentAlerts()
      .then((alerts) => {
        if (alerts === null) this.seeded = false;
        else this.addAlerts(alerts);
      })
      .catch((error: unknown) => {
        this.seeded = false;
        log.warn({ err: error, environmentId: this.options.environmentId }, 'reading recent alerts failed');
      });
  }

  /** A push within the interval, or after `delayMs`; an earlier one already due stays. */
  private schedule(delayMs?: number): void {
    const now = this.now();
    const wait = delayMs ?? Math.max(0, this.lastPushAt + this.options.intervalMs - now);
    if (this.timer && this.timerAt <= now + wait) return;
    clearTimeout(this.timer);
    this.timerAt = now + wait;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.push();
    }, wait);
    this.timer.unref();
  }

  private push(): void {
    if (!this.ready || this.members.size === 0) return;
    const { environmentId, namespace } = this.options;
    const now = this.now();
    this.lastPushAt = now;
    for (const audience of AUDIENCES) {
      if (!namespace.adapter.rooms.get(roomOf(audience, environmentId))?.size) {
        this.sent[audience] = null;
        continue;
      }
      const next = this.state.summary(now, audience === 'alerts');
      const sent = this.sent[audience];
      const message = sent
        ? summaryChanges(environmentId, sent, next, ALERTS_PER_PUSH)
        : summaryReset(environmentId, next);
      this.sent[audience] = next;
      if (message) this.emit(roomOf(audience, environmentId), message, audience);
    }
    // Acknowledgements made through another gateway reach this one's counts within the longest wait.
    if (this.sent.alerts && now - this.alarmCounts.lastAskedAt >= ALARM_RECOUNT_MAX_MS) this.recountAlarms();
    // An alert problem running out of its window changes the list with nothing else happening.
    const expiry = this.sent.alerts ? this.state.nextAlertExpiry(now) : null;
    if (expiry !== null) this.schedule(Math.max(this.options.intervalMs, expiry - now));
  }

  private emit(to: string, message: FleetSummaryMessage, audience: Audience): void {
    broadcastFramed(this.options.namespace, to, LiveEvent.FLEET_SUMMARY, message);
    this.options.metrics.summaryMessages.inc({ audience });
    this.options.metrics.summaryBytes.inc({ audience }, Buffer.byteLength(JSON.stringify(message)));
  }
}
