import { BehaviorSubject, type Observable } from 'rxjs';
import type { LiveSocket } from '../realtime';

/** Where a live subscription stands: waiting for its first data, live, or refused by the gateway. */
export type FleetFeedState =
  { readonly kind: 'connecting' } | { readonly kind: 'live' } | { readonly kind: 'refused'; readonly error: string };

/** Refusals that say 'not now' rather than 'never': the subscription asks again after a pause. */
const TRANSIENT_REFUSALS: ReadonlySet<string> = new Set(['serviceUnavailable', 'tooManyRequests']);
export const RETRY_MS = 5000;

type Ack = { readonly ok: true } | { readonly ok: false; readonly error: string };

/**
 * One subscription of the live protocol on a socket (devices, summary): asked after every
 * connect, its refusal shown, asked again after a pause when the gateway said 'not now', and
 * not live while the socket is off the gateway.
 */
export class LiveSubscription<Accepted extends { readonly ok: true }> {
  private readonly stateSubject = new BehaviorSubject<FleetFeedState>({ kind: 'connecting' });
  readonly state$: Observable<FleetFeedState> = this.stateSubject.asObservable();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly onConnect = () => this.ask();
  /** Off the gateway, nothing is live: views say they are connecting until data comes again. */
  private readonly onDisconnect = () => {
    if (!this.closed && this.stateSubject.value.kind === 'live') this.stateSubject.next({ kind: 'connecting' });
  };

  constructor(
    private readonly socket: LiveSocket,
    private readonly options: {
      /** Sends the subscription; `answer` receives the ack as it came. */
      readonly send: (answer: (ack: unknown) => void) => void;
      /** The ack parsed, or null when it is not one. */
      readonly parse: (ack: unknown) => (Accepted | Extract<Ack, { ok: false }>) | null;
      readonly onAccepted?: (ack: Accepted) => void;
      readonly retryMs?: number;
    },
  ) {
    socket.on('connect', this.onConnect);
    socket.on('disconnect', this.onDisconnect);
    if (socket.connected) this.ask();
  }

  /** Asks (again) now, e.g. after a gap. */
  ask(): void {
    this.options.send((answer) => {
      const ack = this.options.parse(answer);
      if (!ack || this.closed) return;
      if (!ack.ok) {
        this.stateSubject.next({ kind: 'refused', error: ack.error });
        if (TRANSIENT_REFUSALS.has(ack.error) && this.retryTimer === null) {
          this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            if (!this.closed && this.socket.connected) this.ask();
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
    this.socket.off('connect', this.onConnect);
    this.socket.off('disconnect', this.onDisconnect);
    this.stateSubject.complete();
  }
}
