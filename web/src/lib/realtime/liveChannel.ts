import type { ServerClock, SessionEndedEvent, SessionEndReason, UpstreamStatusEvent } from '@halo/shared';
import { BehaviorSubject, Subject, filter, type Observable, type Subscription } from 'rxjs';
import { LiveConnection } from './liveConnection';
import { handleConnectErrors, openLiveSocket, type LiveSocket, type LiveSocketFactory } from './liveSocket';

/**
 * A socket to the gateway's `/live` namespace, owned: opened with a token, opened again when
 * the gateway refused it for now, closed on a refused token, its events as typed RxJS streams.
 * The streams outlive any single connection, so views subscribe once and keep receiving
 * after a re-connect with a new token. Payloads are parsed with the shared schemas
 * (LiveConnection); anything malformed is dropped.
 */
export class LiveChannel {
  private socket: LiveSocket | null = null;
  private listening: Subscription | null = null;
  private readonly clockSubject = new BehaviorSubject<ServerClock | null>(null);
  private readonly upstreamSubject = new BehaviorSubject<UpstreamStatusEvent | null>(null);
  private readonly sessionEndedSubject = new Subject<SessionEndedEvent>();
  private readonly unauthorizedSubject = new Subject<void>();
  private readonly endedSubject = new Subject<SessionEndReason | null>();
  private readonly connectionSubject = new BehaviorSubject<LiveConnection | null>(null);
  private stopRetrying: () => void = () => undefined;

  /** Last server time received and the local time at receipt; views tick locally from it. */
  readonly clock$: Observable<ServerClock> = this.clockSubject.pipe(filter((clock) => clock !== null));
  readonly upstreamStatus$: Observable<UpstreamStatusEvent> = this.upstreamSubject.pipe(
    filter((status) => status !== null),
  );
  readonly sessionEnded$: Observable<SessionEndedEvent> = this.sessionEndedSubject.asObservable();
  /** The gateway refused the handshake's token: treated like a 401. */
  readonly unauthorized$: Observable<void> = this.unauthorizedSubject.asObservable();
  /**
   * The session is over, whichever way the gateway said it: `session.ended` or a refused token;
   * with the reason, or null when none was given that this client knows (a wall shows either).
   */
  readonly ended$: Observable<SessionEndReason | null> = this.endedSubject.asObservable();
  /**
   * The channel's current connection (null while closed), for feeds of other events (a fleet
   * feed) to attach to; it emits again when a re-connect opens a new socket.
   */
  readonly connection$: Observable<LiveConnection | null> = this.connectionSubject.asObservable();

  constructor(
    private readonly openSocket: LiveSocketFactory = openLiveSocket,
    private readonly now: () => number = Date.now,
  ) {}

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Opens a socket with `token`, closing the one before; answers the new connection. */
  connect(token: string): LiveConnection {
    this.disconnect();
    const socket = this.openSocket(token);
    this.socket = socket;
    const connection = new LiveConnection(socket, this.now);
    this.listening = connection.clock$.subscribe((clock) => this.clockSubject.next(clock));
    this.listening.add(connection.upstreamStatus$.subscribe((status) => this.upstreamSubject.next(status)));
    this.listening.add(
      connection.sessionEnded$.subscribe((reason) => {
        this.endedSubject.next(reason);
        if (reason) this.sessionEndedSubject.next({ reason });
      }),
    );
    this.stopRetrying = handleConnectErrors(socket, (reason) => {
      socket.disconnect();
      this.endedSubject.next(reason);
      // When the upstream said why the session ended (expired, replaced...), say so like
      // `session.ended` would; otherwise it is a plain 401.
      if (reason) this.sessionEndedSubject.next({ reason });
      else this.unauthorizedSubject.next();
    });
    this.connectionSubject.next(connection);
    return connection;
  }

  disconnect(): void {
    this.stopRetrying();
    if (!this.socket) return;
    this.listening?.unsubscribe();
    this.listening = null;
    this.socket.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
    this.upstreamSubject.next(null);
    this.connectionSubject.next(null);
  }
}

/** The app's live channel. */
export const liveChannel = new LiveChannel();
