import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import { LIVE_NAMESPACE, LiveEvent, LiveHandshakeAuthSchema, HttpErrorKind } from '@halo/shared';
import type { GatewayMetrics } from '../metrics.js';
import { repeat, type Repeating } from '../repeat.js';
import type { UpstreamClient } from '../upstream/upstreamClient.js';
import type { UpstreamStatusTracker } from '../upstream/upstreamStatus.js';
import { ClockBroadcaster } from './clockBroadcaster.js';
import { environmentRoom, userRoom, type LiveNamespace, type LiveServer } from './liveTypes.js';
import { isAllowedOrigin, type OriginPolicy } from './originCheck.js';
import { SessionMonitor } from './sessionMonitor.js';
import { sharedEncodingParser } from './sharedEncoding.js';

export const LIVE_PATH = '/socket.io';

export interface LiveServerOptions {
  readonly upstream: UpstreamClient;
  readonly status: UpstreamStatusTracker;
  readonly metrics: GatewayMetrics;
  readonly origins: OriginPolicy;
  readonly sessionCheckMs: number;
  readonly clockRefreshMs: number;
  /** Delay before retrying a clock read that failed. */
  readonly clockRetryMs: number;
  readonly now?: () => number;
  /** socket.io adapter (the Redis adapter with several gateways). */
  readonly adapter?: ServerOptions['adapter'];
  /**
   * WebSocket only: the gateway runs as several worker processes sharing one port, where the
   * polling transport's requests could reach different workers (no sticky sessions).
   */
  readonly websocketOnly?: boolean;
}

export interface Live {
  readonly io: LiveServer;
  readonly namespace: LiveNamespace;
  readonly sessions: SessionMonitor;
  readonly clock: ClockBroadcaster;
  /** Starts the session checks and the clock refresh. */
  start(): void;
  /** Stops the session checks and the clock refresh. */
  stop(): void;
}

/** A refusal the client reads as `connect_error` with `message` and `data`. */
const refusal = (message: string, data: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { data: { error: message, ...data } });

/**
 * The live socket: socket.io namespace /live on the gateway's HTTP server. The handshake
 * proves the access token with the upstream and checks the Origin; each socket joins its user's
 * and environment's rooms and gets the clock and the upstream status at once.
 */
export function createLiveServer(httpServer: HttpServer, options: LiveServerOptions): Live {
  const { upstream, status, metrics, origins } = options;
  const io: LiveServer = new Server(httpServer, {
    path: LIVE_PATH,
    transports: options.websocketOnly ? ['websocket'] : ['websocket', 'polling'],
    serveClient: false,
    // Browsers send small control messages only.
    maxHttpBufferSize: 64 * 1024,
    parser: sharedEncodingParser,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  // Nothing lives on the main namespace.
  io.of('/').use((_socket, next) => next(refusal(HttpErrorKind.NOT_FOUND)));

  const namespace: LiveNamespace = io.of(LIVE_NAMESPACE);
  const sessions = new SessionMonitor(namespace, upstream, metrics);
  const clock = new ClockBroadcaster(namespace, upstream, options.now);

  namespace.use((socket, next) => {
    const { headers } = socket.handshake;
    if (!isAllowedOrigin(headers.origin, headers.host, origins)) {
      next(refusal(HttpErrorKind.FORBIDDEN));
      return;
    }
    const auth = LiveHandshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) {
      next(refusal(HttpErrorKind.UNAUTHORIZED));
      return;
    }
    const { token } = auth.data;
    sessions
      .check(token)
      .then((result) => {
        if (result.kind === 'unavailable') {
          next(refusal(HttpErrorKind.SERVICE_UNAVAILABLE));
        } else if (result.kind === 'ended') {
          next(refusal(HttpErrorKind.UNAUTHORIZED, { reason: result.reason }));
        } else if (!result.session.verified) {
          next(refusal(HttpErrorKind.UNAUTHORIZED));
        } else {
          socket.data = {
            token,
            userId: result.session.user_id,
            environmentId: result.session.environment_id,
            session: result.session,
          };
          next();
        }
      })
      .catch(() => next(refusal(HttpErrorKind.SERVICE_UNAVAILABLE)));
  });

  namespace.on('connection', (socket) => {
    // The handshake kept what it needs (headers, address): the first HTTP request, with its
    // parser and buffers, need not live as long as the connection (socket.io's memory advice).
    (socket.conn as unknown as { request: unknown }).request = null;
    void socket.join([userRoom(socket.data.userId), environmentRoom(socket.data.environmentId)]);
    const now = clock.current();
    if (now) socket.emit(LiveEvent.CLOCK, now);
    socket.emit(LiveEvent.UPSTREAM_STATUS, status.snapshot());
  });

  // Each gateway tells its own sockets what it sees of the upstream (local: with the Redis
  // adapter a plain emit would reach every gateway's sockets).
  const stopStatus = status.onChange((snapshot) => namespace.local.emit(LiveEvent.UPSTREAM_STATUS, snapshot));

  let timers: Repeating[] = [];
  return {
    io,
    namespace,
    sessions,
    clock,
    start() {
      timers = [
        repeat(
          () => sessions.checkAll(),
          () => options.sessionCheckMs,
          { immediately: false },
        ),
        repeat(
          () => clock.refresh(),
          () => (clock.known ? options.clockRefreshMs : Math.min(options.clockRetryMs, options.clockRefreshMs)),
        ),
      ];
    },
    stop() {
      for (const timer of timers) timer.stop();
      timers = [];
      stopStatus();
    },
  };
}
