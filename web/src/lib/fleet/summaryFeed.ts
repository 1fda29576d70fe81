import { applySummaryMessage, type FleetSummary, type SubscribeAck } from '@halo/shared';
import { BehaviorSubject, Subject, type Observable, type Subscription } from 'rxjs';
import type { LiveConnection } from '../realtime';
import { LiveSubscription, type FleetFeedState } from './liveSubscription';

/**
 * One environment's fleet summary over the gateway's `summary.subscribe` (gateway/README.md):
 * counts, the worst problems and the latest alerts, computed once in the gateway and pushed as
 * they change. A wall or Home holds a few hundred bytes however large the fleet.
 */
export class SummaryFeed {
  private readonly summarySubject = new BehaviorSubject<FleetSummary | null>(null);
  private readonly syncedSubject = new Subject<void>();
  private readonly subscription: LiveSubscription<Extract<SubscribeAck, { ok: true }>>;
  private readonly listening: Subscription;

  /** The summary as of the last message; null until the first whole one arrived. */
  readonly summary$: Observable<FleetSummary | null> = this.summarySubject.asObservable();
  readonly state$: Observable<FleetFeedState>;
  /** A whole summary arrived (after subscribing, on every connect). */
  readonly synced$: Observable<void> = this.syncedSubject.asObservable();
  /** A summary is never out of step (a reconnect brings a whole one): it has no gaps. */
  readonly gaps$: Observable<void> = new Subject<void>();

  constructor(
    private readonly connection: LiveConnection,
    private readonly environmentId: number,
    options: { retryMs?: number } = {},
  ) {
    this.subscription = new LiveSubscription<Extract<SubscribeAck, { ok: true }>>(connection, {
      send: (answer) => connection.subscribeSummary(environmentId, answer),
      ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    });
    this.state$ = this.subscription.state$;
    this.listening = connection.fleetSummary$.subscribe((message) => {
      if (message.environmentId !== environmentId) return;
      const held = this.summarySubject.value;
      const next = applySummaryMessage(held, message);
      if (!next) {
        // A change that does not fit what is held: ask for the whole summary again.
        if (held) this.subscription.ask();
        return;
      }
      this.summarySubject.next(next);
      if (message.reset) {
        this.subscription.live();
        this.syncedSubject.next();
      }
    });
  }

  close(): void {
    this.subscription.close();
    if (this.connection.connected) this.connection.unsubscribeSummary(this.environmentId);
    this.listening.unsubscribe();
    this.summarySubject.complete();
    this.syncedSubject.complete();
  }
}
