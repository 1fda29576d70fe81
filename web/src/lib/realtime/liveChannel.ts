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
  type SessionEndReason,
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
 * Waits before opening a socket the gateway refused for now (its upstream not answering:
 * `serviceUnavailable`), by attempt: socket.io retries a lost connection by itself but not a
 * handshake the server refused, so without this a page would stay disconnected after the
 * provider restarted.
 */
export const REFUSED_RETRY_MS = [1000, 2000, 4000, 8000] as const;

/**
 * What every live socket of the app does with its connect errors: a token the gateway refused
 * (`unauthorized`) goes to `onUnauthorized` with the reason the upstream gave, if any; a
 * handshake refused for now is opened again after REFUSED_RETRY_MS (from the shortest again
 * once connected); a lost transport is socket.io's own to retry. Answers a function that stops
 * the retrying (the socket is being closed).
 */
export function handleConnectErrors(
  socket: LiveSocket,
  onUnauthorized: (reason: SessionEndReason | null) => void,
): () => void {
  let refusals = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  socket.on('connect', () => {
    refusals = 0;
  });
  socket.on('connect_error', (error: Error) => {
    if (/unauthori[sz]ed/i.test(error.message)) {
      const reason = SessionEndReasonSchema.safeParse((error as Error & { data?: { reason?: unknown } }).data?.reason);
      onUnauthorized(reason.success ? reason.data : null);
      return;
    }
    if (socket.active || timer !== null || stopped) return;
    const wait = REFUSED_RETRY_MS[Math.min(refusals, REFUSED_RETRY_MS.length - 1)] ?? 0;
    refusals += 1;
    timer = setTimeout(() => {
      timer = null;
      if (!stopped && !socket.connected) socket.connect();
    }, wait);
  });
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}

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
    this.stopRetrying = handleConnectErrors(socket, (reason) => {
      socket.disconnect();
      // When the upstream said why the session ended (expired, replaced...), say so like
      // `session.ended` would; otherwise it is a plain 401.
      if (reason) this.sessionEndedSubject.next({ reason });
      else this.unauthorizedSubject.next();
    });
    this.socketSubject.next(socket);
  }

  disconnect(): void {
    this.stopRetrying();
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
