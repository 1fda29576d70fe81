import { isAlarmEvent, LiveEvent, type AlarmChangesResponse, type SystemLogEntry } from '@halo/shared';
import { log } from '../log.js';
import type { GatewayMetrics } from '../metrics.js';
import { CoalescedRead } from './coalescedRead.js';
import { broadcastFramed } from './fanout/frameBroadcast.js';
import { alarmsRoom } from './fanout/roomNames.js';
import type { LiveNamespace, LiveSocket } from './liveTypes.js';

/**
 * The alarm changes are read at most this often: a storm's threshold entries (every poll) are a
 * few small indexed reads a second, and a change waits at most this long behind the last read.
 */
export const ALARM_CHANGES_MIN_MS = 250;
/**
 * ...and at least this often while someone watches: what reaches the alarms without a threshold
 * entry in this gateway's feed (an acknowledgement through a peer gateway) shows within it.
 */
export const ALARM_CHANGES_MAX_MS = 10_000;

export interface EnvironmentAlarmsOptions {
  readonly environmentId: number;
  readonly namespace: LiveNamespace;
  readonly metrics: GatewayMetrics;
  /** GET alarms/changes after `after` (undefined: the revision to start from), with a watcher's token; null when none may or it failed. */
  readonly changes: (after: number | undefined) => Promise<AlarmChangesResponse | null>;
  readonly now?: () => number;
}

/**
 * One environment's live alarm stream on this gateway (issue 27): when its feed brings a
 * threshold entry, or an acknowledgement or silence goes through this gateway, the alarms
 * changed since the last revision read are read once, however many operators watch, and go to
 * the room as `alarms.changed`. A watcher's screen reads its list once when it opens (after its
 * subscription is accepted, so nothing falls between) and applies the changes after that.
 */
export class EnvironmentAlarms {
  private readonly members = new Set<string>();
  private readonly reads: CoalescedRead;
  /** The last revision read; null until the starting point is known. */
  private cursor: number | null = null;
  /** Something the changes cannot carry happened (a silence, a start after a failure): screens read their lists again. */
  private resyncDue = false;
  private started: Promise<void> | null = null;
  private readonly periodic: NodeJS.Timeout;

  constructor(private readonly options: EnvironmentAlarmsOptions) {
    const now = options.now ?? Date.now;
    this.reads = new CoalescedRead(() => this.read(), ALARM_CHANGES_MIN_MS, now);
    this.periodic = setInterval(() => this.changed(), ALARM_CHANGES_MAX_MS);
    this.periodic.unref();
  }

  get size(): number {
    return this.members.size;
  }

  has(socketId: string): boolean {
    return this.members.has(socketId);
  }

  /** The socket watches; resolves once the starting revision is known (or its reading failed). */
  async join(socket: LiveSocket): Promise<void> {
    this.members.add(socket.id);
    void socket.join(alarmsRoom(this.options.environmentId));
    this.started ??= this.start();
    await this.started;
  }

  leave(socket: LiveSocket): void {
    this.members.delete(socket.id);
    void socket.leave(alarmsRoom(this.options.environmentId));
  }

  /** New system log entries of the environment: a threshold's may have opened, changed or cleared alarms. */
  entries(entries: readonly SystemLogEntry[]): void {
    if (entries.some((entry) => isAlarmEvent(entry.event_type))) this.changed();
  }

  /** The alarms changed (an acknowledgement), or what marks them did (`resync`: a silence began or ended). */
  changed(resync = false): void {
    if (resync) this.resyncDue = true;
    if (this.members.size > 0) this.reads.request();
  }

  close(): void {
    clearInterval(this.periodic);
    this.reads.close();
  }

  private async start(): Promise<void> {
    try {
      const answer = await this.options.changes(undefined);
      if (answer && this.cursor === null) this.cursor = answer.revision;
    } catch (error) {
      log.warn({ err: error, environmentId: this.options.environmentId }, 'reading the alarm revision failed');
    }
  }

  private async read(): Promise<void> {
    const { environmentId, changes } = this.options;
    try {
      if (this.started) await this.started;
      if (this.cursor === null) {
        // The start failed: from now on, and every screen reads its list once (what happened meanwhile).
        const answer = await changes(undefined);
        if (!answer) return;
        this.cursor = answer.revision;
        this.resyncDue = true;
      }
      for (;;) {
        const resync = this.resyncDue;
        const answer = await changes(this.cursor);
        if (!answer) return;
        this.cursor = answer.revision;
        this.resyncDue = false;
        if (answer.alarms.length > 0 || resync) this.emit(answer, resync);
        if (!answer.more) return;
      }
    } catch (error) {
      log.warn({ err: error, environmentId }, 'reading alarm changes failed');
    }
  }

  private emit(answer: AlarmChangesResponse, resync: boolean): void {
    const { environmentId, namespace, metrics } = this.options;
    const message = { environmentId, alarms: answer.alarms, resync };
    broadcastFramed(namespace, alarmsRoom(environmentId), LiveEvent.ALARMS_CHANGED, message);
    metrics.alarmChangeMessages.inc();
    metrics.alarmChanges.inc({}, answer.alarms.length);
  }
}
