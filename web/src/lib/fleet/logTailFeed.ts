import {
  LiveEvent,
  LogsSystemEventSchema,
  newestAlertsFirst,
  SubscribeAckSchema,
  type LiveSystemLogEntry,
  type SubscribeAck,
} from '@halo/shared';
import { Subject, type Observable } from 'rxjs';
import type { LiveSocket } from '../realtime';
import { LiveSubscription, type FleetFeedState } from './liveSubscription';

/**
 * One environment's new system log entries over the gateway's `logs.subscribe`: the system
 * log's live tail. Only a screen that shows the log follows it; the device stream carries none.
 */
export class LogTailFeed {
  private readonly entriesSubject = new Subject<readonly LiveSystemLogEntry[]>();
  private readonly subscription: LiveSubscription<Extract<SubscribeAck, { ok: true }>>;
  private readonly detach: () => void;

  /** Each batch of new entries as it arrives, newest first. */
  readonly entries$: Observable<readonly LiveSystemLogEntry[]> = this.entriesSubject.asObservable();
  readonly state$: Observable<FleetFeedState>;

  constructor(
    private readonly socket: LiveSocket,
    private readonly environmentId: number,
    options: { retryMs?: number } = {},
  ) {
    this.subscription = new LiveSubscription<Extract<SubscribeAck, { ok: true }>>(socket, {
      send: (answer) => socket.emit(LiveEvent.LOGS_SUBSCRIBE, { environmentId }, answer),
      parse: (answer) => {
        const parsed = SubscribeAckSchema.safeParse(answer);
        return parsed.success ? parsed.data : null;
      },
      onAccepted: () => this.subscription.live(),
      ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    });
    this.state$ = this.subscription.state$;
    const onLogs = (payload: unknown) => {
      const parsed = LogsSystemEventSchema.safeParse(payload);
      if (!parsed.success || parsed.data.environmentId !== environmentId || parsed.data.entries.length === 0) return;
      this.entriesSubject.next(newestAlertsFirst(parsed.data.entries));
    };
    socket.on(LiveEvent.LOGS_SYSTEM, onLogs);
    this.detach = () => socket.off(LiveEvent.LOGS_SYSTEM, onLogs);
  }

  close(): void {
    this.subscription.close();
    if (this.socket.connected) this.socket.emit(LiveEvent.LOGS_UNSUBSCRIBE, { environmentId: this.environmentId });
    this.detach();
    this.entriesSubject.complete();
  }
}
