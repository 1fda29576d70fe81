import {
  ClockEventSchema,
  LIVE_NAMESPACE,
  LiveEvent,
  SessionEndReasonSchema,
  SessionEndedEventSchema,
  UpstreamStatusEventSchema,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
  type ServerClock,
  type SessionEndedEvent,
  type UpstreamStatusEvent,
} from '@halo/shared';
import { BehaviorSubject, Subject, filter, type Observable } from 'rxjs';
import { io, type Socket } from 'socket.io-client';

export type LiveSocket = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;

/** Opens the socket; swapped in tests. */
export type LiveSocketFactory = (token: string) => LiveSocket;

export const openLiveSocket: LiveSocketFactory = (token) =>
  io(LIVE_NAMESPACE, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
  });

/**
 * The one socket to the gateway's `/live` namespace, its events as typed RxJS streams.
 * The streams outlive any single connection, so views subscribe once and keep receiving
 * after a re-connect with a new token. Payloads are parsed with the shared schemas;
 * anything malformed is dropped.
 */
export class LiveChannel {
  private socket: LiveSocket | null = null;
  private readonly clockSubject = new BehaviorSubject<ServerClock | null>(null);
  private readonly upstreamSubject = new BehaviorSubject<UpstreamStatusEvent | null>(null);
  private readonly sessionEndedSubject = new Subject<SessionEndedEvent>();
  private readonly unauthorizedSubject = new Subject<void>();
  private readonly socketSubject = new BehaviorSubject<LiveSocket | null>(null);

  /** Last server time received and the local time at receipt; views tick locally from it. */
  readonly clock$: Observable<ServerClock> = this.clockSubject.pipe(filter((clock) => clock !== null));
  readonly upstreamStatus$: Observable<UpstreamStatusEvent> = this.upstreamSubject.pipe(
    filter((status) => status !== null),
  );
  readonly sessionEnded$: Observable<SessionEndedEvent> = this.sessionEndedSubject.asObservable();
  /** The gateway refused the handshake's token: treated like a 401. */
  readonly unauthorized$: Observable<void> = this.unauthorizedSubject.asObservable();
  /**
   * The channel's current socket (null while closed), for clients of other events (a fleet
   * feed) to attach to; it emits again when a re-connect opens a new socket.
   */
  readonly socket$: Observable<LiveSocket | null> = this.socketSubject.asObservable();

  constructor(
    private readonly openSocket: LiveSocketFactory = openLiveSocket,
    private readonly now: () => number = Date.now,
  ) {}

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  connect(token: string): void {
    this.disconnect();
    const socket = this.openSocket(token);
    this.socket = socket;
    socket.on(LiveEvent.CLOCK, (payload: unknown) => {
      const parsed = ClockEventSchema.safeParse(payload);
      const remoteTime = parsed.success ? Date.parse(parsed.data.serverTime) : Number.NaN;
      if (!Number.isNaN(remoteTime)) this.clockSubject.next({ remoteTime, receivedAt: this.now() });
    });
    socket.on(LiveEvent.UPSTREAM_STATUS, (payload: unknown) => {
      const parsed = UpstreamStatusEventSchema.safeParse(payload);
      if (parsed.success) this.upstreamSubject.next(parsed.data);
    });
    socket.on(LiveEvent.SESSION_ENDED, (payload: unknown) => {
      const parsed = SessionEndedEventSchema.safeParse(payload);
      if (parsed.success) this.sessionEndedSubject.next(parsed.data);
    });
    socket.on('connect_error', (error: Error) => {
      if (/unauthori[sz]ed/i.test(error.message)) {
        socket.disconnect();
        // When the upstream said why the session ended (expired, replaced...), say so like
        // `session.ended` would; otherwise it is a plain 401.
        const reason = SessionEndReasonSchema.safeParse(
          (error as Error & { data?: { reason?: unknown } }).data?.reason,
        );
        if (reason.success) this.sessionEndedSubject.next({ reason: reason.data });
        else this.unauthorizedSubject.next();
      }
    });
    this.socketSubject.next(socket);
  }

  disconnect(): void {
    if (!this.socket) return;
    this.socket.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
    this.upstreamSubject.next(null);
    this.socketSubject.next(null);
  }
}

/** The app's live channel. */
export const liveChannel = new LiveChannel();
