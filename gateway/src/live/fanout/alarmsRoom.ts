import { can, LiveEvent, type AlarmChangesResponse, type SubscribeAck } from '@halo/shared';
import type { GatewayMetrics } from '../../metrics.js';
import { EnvironmentAlarms } from '../environmentAlarms.js';
import type { LiveNamespace, LiveSocket } from '../liveTypes.js';
import type { SubscribeAdmission } from './subscribeAdmission.js';
import type { Tracked, TrackedEnvironments } from './trackedEnvironments.js';

export interface AlarmsRoomOptions {
  readonly namespace: LiveNamespace;
  readonly metrics: GatewayMetrics;
  readonly environments: TrackedEnvironments;
  readonly admission: SubscribeAdmission;
  /** GET alarms/changes of the environment with a token that may view alarms; null when that failed. */
  readonly alarmChanges: (
    environmentId: number,
    token: string,
    after: number | undefined,
  ) => Promise<AlarmChangesResponse | null>;
}

/**
 * `alarms.subscribe`: the environment's alarm changes as `alarms.changed`, for sessions that
 * may view its alarms (logs view, 70). The stream exists while some socket follows it; the
 * subscription is accepted once it knows where it starts.
 */
export class AlarmsRoom {
  constructor(private readonly options: AlarmsRoomOptions) {}

  async subscribe(socket: LiveSocket, payload: unknown, ack: (answer: SubscribeAck) => void): Promise<void> {
    const { environments, admission } = this.options;
    const environmentId = await admission.admitEnvironment(
      socket,
      LiveEvent.ALARMS_SUBSCRIBE,
      payload,
      ack,
      'logs.view',
    );
    if (environmentId === null) return;
    const tracked = environments.follow(socket, environmentId);
    tracked.alarms ??= this.start(environmentId, tracked);
    const alarms = tracked.alarms;
    // A member at once, so the environment is not released while the stream finds its start.
    await alarms.join(socket);
    if (!(await environments.followed(socket, environmentId, tracked)) || !alarms.has(socket.id)) return;
    ack({ ok: true });
  }

  /** The socket stops following the alarms; the last one's leaving ends the stream. */
  leave(socket: LiveSocket, tracked: Tracked | undefined): void {
    if (!tracked?.alarms) return;
    tracked.alarms.leave(socket);
    if (tracked.alarms.size === 0) {
      tracked.alarms.close();
      tracked.alarms = null;
    }
  }

  private start(environmentId: number, tracked: Tracked): EnvironmentAlarms {
    return new EnvironmentAlarms({
      environmentId,
      namespace: this.options.namespace,
      metrics: this.options.metrics,
      changes: async (after) => {
        const token = this.memberToken(tracked);
        return token ? this.options.alarmChanges(environmentId, token, after) : null;
      },
    });
  }

  /**
   * The token the stream reads with: one of its own watchers', each admitted with logs view
   * (alarms.view is logs.view, 70). Not any subscriber's of the environment: a wall display's
   * session holds logs view too, but its calls are limited to what a wall shows
   * (displayAccess.ts), and the alarm changes are not among them.
   */
  private memberToken(tracked: Tracked): string | null {
    for (const socketId of tracked.alarms?.memberIds ?? []) {
      const socket = tracked.subscribers.get(socketId);
      if (socket?.connected && can(socket.data.session, 'logs.view')) return socket.data.token;
    }
    return null;
  }
}
