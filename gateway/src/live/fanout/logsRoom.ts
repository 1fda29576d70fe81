import { LiveEvent, type LogsSystemEvent, type SubscribeAck } from '@halo/shared';
import type { LiveNamespace, LiveSocket } from '../liveTypes.js';
import { broadcastFramed } from './frameBroadcast.js';
import { logsRoom } from './roomNames.js';
import type { SubscribeAdmission } from './subscribeAdmission.js';
import type { Tracked, TrackedEnvironments } from './trackedEnvironments.js';

export interface LogsRoomOptions {
  readonly namespace: LiveNamespace;
  readonly environments: TrackedEnvironments;
  readonly admission: SubscribeAdmission;
}

/**
 * `logs.subscribe`: the environment's new system log entries as `logs.system` (the system
 * log's live tail), for sessions that may view its devices and its logs.
 */
export class LogsRoom {
  constructor(private readonly options: LogsRoomOptions) {}

  async subscribe(socket: LiveSocket, payload: unknown, ack: (answer: SubscribeAck) => void): Promise<void> {
    const { environments, admission } = this.options;
    const environmentId = await admission.admitEnvironment(socket, LiveEvent.LOGS_SUBSCRIBE, payload, ack, 'logs.view');
    if (environmentId === null) return;
    const tracked = environments.follow(socket, environmentId);
    tracked.logSubscribers.add(socket.id);
    void socket.join(logsRoom(environmentId));
    if (!(await environments.followed(socket, environmentId, tracked)) || !tracked.logSubscribers.has(socket.id))
      return;
    ack({ ok: true });
  }

  /** The socket stops following the environment's log. */
  leave(socket: LiveSocket, environmentId: number, tracked: Tracked | undefined): void {
    void socket.leave(logsRoom(environmentId));
    tracked?.logSubscribers.delete(socket.id);
  }

  /** New entries to the room; the summary takes those raised as alerts, the alarm stream hears of threshold entries. */
  publish(environmentId: number, tracked: Tracked, event: LogsSystemEvent): void {
    broadcastFramed(this.options.namespace, logsRoom(environmentId), LiveEvent.LOGS_SYSTEM, event);
    tracked.summary?.addAlerts(event.entries);
    tracked.alarms?.entries(event.entries);
  }
}
