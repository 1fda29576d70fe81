import { newestAlertsFirst, type LiveSystemLogEntry, type SubscribeAck } from '@halo/shared';
import { Subject, type Observable, type Subscription } from 'rxjs';
import type { LiveConnection } from '../realtime';
import { LiveSubscription, type FleetFeedState } from './liveSubscription';

/**
 * One environment's new system log entries over the gateway's `logs.subscribe`: the system
 * log's live tail. Only a screen that shows the log follows it; the device stream carries none.
 */
export class LogTailFeed {
  private readonly entriesSubject = new Subject<readonly LiveSystemLogEntry[]>();
  private readonly subscription: LiveSubscription<Extract<SubscribeAck, { ok: true }>>;
  private readonly listening: Subscription;

  /** Each batch of new entries as it arrives, newest first. */
  readonly entries$: Observable<readonly LiveSystemLogEntry[]> = this.entriesSubject.asObservable();
  readonly state$: Observable<FleetFeedState>;

  constructor(
    private readonly connection: LiveConnection,
    private readonly environmentId: number,
    options: { retryMs?: number } = {},
  ) {
    this.subscription = new LiveSubscription<Extract<SubscribeAck, { ok: true }>>(connection, {
      send: (answer) => connection.subscribeLogs(environmentId, answer),
      onAccepted: () => this.subscription.live(),
      ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    });
    this.state$ = this.subscription.state$;
    this.listening = connection.systemLogs$.subscribe((logs) => {
      if (logs.environmentId !== environmentId || logs.entries.length === 0) return;
      this.entriesSubject.next(newestAlertsFirst(logs.entries));
    });
  }

  close(): void {
    this.subscription.close();
    if (this.connection.connected) this.connection.unsubscribeLogs(this.environmentId);
    this.listening.unsubscribe();
    this.entriesSubject.complete();
  }
}
