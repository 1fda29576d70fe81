import { API, LiveEvent, type AlarmChangesResponse, type SubscribeAck } from '@halo/shared';
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
        // Alarms are viewed with logs view (alarms.view is 70); never a wall display's token (not its call).
        const token = tracked.tokens.current('logs.view', API.alarms.changes);
        return token ? this.options.alarmChanges(environmentId, token, after) : null;
      },
    });
  }
}
