import { API, LiveEvent, type AlarmCounts, type SubscribeAck, type SystemLogEntry } from '@halo/shared';
import type { GatewayMetrics } from '../../metrics.js';
import { EnvironmentSummary } from '../environmentSummary.js';
import type { LiveNamespace, LiveSocket } from '../liveTypes.js';
import type { SubscribeAdmission } from './subscribeAdmission.js';
import type { Tracked, TrackedEnvironments } from './trackedEnvironments.js';

export interface SummaryRoomOptions {
  readonly namespace: LiveNamespace;
  readonly metrics: GatewayMetrics;
  readonly environments: TrackedEnvironments;
  readonly admission: SubscribeAdmission;
  /** At most one fleet summary push per this many ms and environment. */
  readonly intervalMs: number;
  /** The log's latest alerts (newest first), asked with a token that may view logs; null when that failed. */
  readonly recentAlerts?: (environmentId: number, token: string) => Promise<SystemLogEntry[] | null>;
  /** The environment's alarm counts, asked with a token that may view alarms; null when that failed. */
  readonly alarmCounts?: (environmentId: number, token: string) => Promise<AlarmCounts | null>;
}

/**
 * `summary.subscribe`: the environment's fleet summary (counts, the worst problems, the latest
 * alerts), pushed as it changes; access as for its devices. The summary exists while some
 * socket follows it.
 */
export class SummaryRoom {
  constructor(private readonly options: SummaryRoomOptions) {}

  async subscribe(socket: LiveSocket, payload: unknown, ack: (answer: SubscribeAck) => void): Promise<void> {
    const { environments, admission } = this.options;
    const environmentId = await admission.admitEnvironment(
      socket,
      LiveEvent.SUMMARY_SUBSCRIBE,
      payload,
      ack,
      'devices.view',
    );
    if (environmentId === null) return;
    const tracked = environments.follow(socket, environmentId);
    tracked.summary ??= this.start(environmentId, tracked);
    const summary = tracked.summary;
    // A member at once, so the environment is not released while its shared state loads.
    summary.join(socket);
    if (!(await environments.followed(socket, environmentId, tracked)) || !summary.has(socket.id)) return;
    ack({ ok: true });
  }

  /** Something changed the environment's alarms (an acknowledgement through this gateway): its summary counts them again. */
  alarmsChanged(tracked: Tracked | undefined): void {
    tracked?.summary?.recountAlarms();
  }

  /** The socket stops following the summary; the last one's leaving ends it. */
  leave(socket: LiveSocket, tracked: Tracked | undefined): void {
    if (!tracked?.summary) return;
    tracked.summary.leave(socket);
    if (tracked.summary.size === 0) {
      tracked.summary.close();
      tracked.summary = null;
    }
  }

  private start(environmentId: number, tracked: Tracked): EnvironmentSummary {
    const { recentAlerts, alarmCounts } = this.options;
    const summary = new EnvironmentSummary({
      environmentId,
      namespace: this.options.namespace,
      metrics: this.options.metrics,
      intervalMs: this.options.intervalMs,
      recentAlerts: async () => {
        const token = tracked.tokens.current('logs.view');
        return token && recentAlerts ? recentAlerts(environmentId, token) : null;
      },
      ...(alarmCounts
        ? {
            alarmCounts: async () => {
              // Alarms are viewed with the logs view permission (alarms.view is logs.view, 70).
              const token = tracked.tokens.current('logs.view', API.alarms.counts);
              return token ? alarmCounts(environmentId, token) : null;
            },
          }
        : {}),
    });
    const snapshot = tracked.feed.snapshot();
    if (snapshot) summary.reset(snapshot.devices);
    return summary;
  }
}
