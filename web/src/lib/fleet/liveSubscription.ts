import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import type { LiveConnection } from '../realtime';

/** Where a live subscription stands: waiting for its first data, live, or refused by the gateway. */
export type FleetFeedState =
  { readonly kind: 'connecting' } | { readonly kind: 'live' } | { readonly kind: 'refused'; readonly error: string };

/** Refusals that say 'not now' rather than 'never': the subscription asks again after a pause. */
const TRANSIENT_REFUSALS: ReadonlySet<string> = new Set(['serviceUnavailable', 'tooManyRequests']);
export const RETRY_MS = 5000;

type Ack = { readonly ok: true } | { readonly ok: false; readonly error: string };

/**
 * One subscription of the live protocol on a connection (devices, summary): asked after every
 * connect, its refusal shown, asked again after a pause when the gateway said 'not now', and
 * not live while the socket is off the gateway.
 */
export class LiveSubscription<Accepted extends { readonly ok: true }> {
  private readonly stateSubject = new BehaviorSubject<FleetFeedState>({ kind: 'connecting' });
  readonly state$: Observable<FleetFeedState> = this.stateSubject.asObservable();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly listening: Subscription;

  constructor(
    private readonly connection: LiveConnection,
    private readonly options: {
      /** Sends the subscription; `answer` receives the gateway's (parsed) ack. */
      readonly send: (answer: (ack: Accepted | Extract<Ack, { ok: false }>) => void) => void;
      readonly onAccepted?: (ack: Accepted) => void;
      readonly retryMs?: number;
    },
  ) {
    this.listening = connection.connects$.subscribe(() => this.ask());
    // Off the gateway, nothing is live: views say they are connecting until data comes again.
    this.listening.add(
      connection.disconnects$.subscribe(() => {
        if (!this.closed && this.stateSubject.value.kind === 'live') this.stateSubject.next({ kind: 'connecting' });
      }),
    );
    if (connection.connected) this.ask();
  }

  /** Asks (again) now, e.g. after a gap. */
  ask(): void {
    this.options.send((ack) => {
      if (this.closed) return;
      if (!ack.ok) {
        this.stateSubject.next({ kind: 'refused', error: ack.error });
        if (TRANSIENT_REFUSALS.has(ack.error) && this.retryTimer === null) {
          this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            if (!this.closed && this.connection.connected) this.ask();
          }, this.options.retryMs ?? RETRY_MS);
        }
      } else this.options.onAccepted?.(ack);
    });
  }

  /** Data arrived: the subscription is live. */
  live(): void {
    if (this.stateSubject.value.kind !== 'live') this.stateSubject.next({ kind: 'live' });
  }

  close(): void {
    this.closed = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.listening.unsubscribe();
    this.stateSubject.complete();
  }
}
