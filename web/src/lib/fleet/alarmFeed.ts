import type { Alarm, SubscribeAck } from '@halo/shared';
import { Subject, type Observable, type Subscription } from 'rxjs';
import type { LiveConnection } from '../realtime';
import { LiveSubscription, type FleetFeedState } from './liveSubscription';

/**
 * What the live alarm stream tells a screen: read the list now (the subscription was accepted,
 * again after a reconnect, or something the changes cannot carry happened), or these alarms
 * changed (each as it is now).
 */
export type AlarmStreamEvent =
  { readonly kind: 'read' } | { readonly kind: 'changes'; readonly alarms: readonly Alarm[] };

/**
 * One environment's alarm changes over the gateway's `alarms.subscribe` (issue 27). The
 * gateway reads them once per environment for every operator watching; a screen reads its
 * list once it is told to, and applies the changes after that.
 */
export class AlarmFeed {
  private readonly eventsSubject = new Subject<AlarmStreamEvent>();
  private readonly subscription: LiveSubscription<Extract<SubscribeAck, { ok: true }>>;
  private readonly listening: Subscription;

  readonly events$: Observable<AlarmStreamEvent> = this.eventsSubject.asObservable();
  readonly state$: Observable<FleetFeedState>;

  constructor(
    private readonly connection: LiveConnection,
    private readonly environmentId: number,
    options: { retryMs?: number } = {},
  ) {
    this.subscription = new LiveSubscription<Extract<SubscribeAck, { ok: true }>>(connection, {
      send: (answer) => connection.subscribeAlarms(environmentId, answer),
      onAccepted: () => {
        this.subscription.live();
        this.eventsSubject.next({ kind: 'read' });
      },
      ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    });
    this.state$ = this.subscription.state$;
    this.listening = connection.alarmsChanged$.subscribe((changed) => {
      if (changed.environmentId !== environmentId) return;
      if (changed.resync) this.eventsSubject.next({ kind: 'read' });
      else if (changed.alarms.length > 0) this.eventsSubject.next({ kind: 'changes', alarms: changed.alarms });
    });
  }

  close(): void {
    this.subscription.close();
    if (this.connection.connected) this.connection.unsubscribeAlarms(this.environmentId);
    this.listening.unsubscribe();
    this.eventsSubject.complete();
  }
}
