import { createServer, type Server as HttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { API_BASE, apiErrorBody, HttpErrorKind, type UpstreamState } from '@halo/shared';
import type { GatewayConfig } from './config.js';
import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { DevicesFanout } from './live/devicesFanout.js';
import { EnvironmentAccess } from './live/environmentAccess.js';
import { LocalFeedBus, type DeltaObserver, type FeedBus } from './live/feedBus.js';
import { createLiveServer, type Live } from './live/liveServer.js';
import { RedisFeedBus } from './live/redisFeedBus.js';
import { SEED_ALERTS } from './live/environmentSummary.js';
import type { SnapshotEncoder } from './live/snapshotEncoding.js';
import { DevicesUpstream } from './pollers/devicesUpstream.js';
import { LocalLeadership, RedisLeadership, type Leadership } from './pollers/leadership.js';
import { PollerManager } from './pollers/pollerManager.js';
import type { LiveServer } from './live/liveTypes.js';
import { clusterMetricsSource } from './gatewayCluster.js';
import { createGatewayMetrics, type GatewayMetrics } from './metrics.js';
import { createApiProxy, forwardingHeaders } from './proxy/apiProxy.js';
import { createRateLimits } from './proxy/rateLimits.js';
import { repeat } from './repeat.js';
import { securityHeaders } from './securityHeaders.js';
import { UpstreamClient, type UpstreamTarget } from './upstream/upstreamClient.js';
import { UpstreamStatusTracker } from './upstream/upstreamStatus.js';
import { createApiReference } from './web/apiReference.js';
import { createWebApp } from './web/webApp.js';
import { requestLogging } from '@halo/shared/logging';
import { log } from './log.js';

/** The built web app, relative to this file in both src/ and dist/. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** How long in-flight requests may finish once the gateway stops. */
const SHUTDOWN_GRACE_MS = 5000;
/** While stopping, how often connections that went idle (kept alive after an answer) are closed. */
const IDLE_SWEEP_MS = 200;

export interface GatewayOptions {
  /** Where the built web app lives; the repository's web/dist by default. */
  readonly webDistDir?: string;
  readonly now?: () => number;
  /** Makes snapshot messages (tests slow it down); encodeSnapshotMessage by default. */
  readonly encodeSnapshot?: SnapshotEncoder;
  /** A worker of several (gatewayCluster.ts): `/metrics` tells about all of them. */
  readonly clusterWorker?: boolean;
}

export interface Gateway {
  readonly app: Express;
  readonly httpServer: HttpServer;
  readonly io: LiveServer;
  readonly live: Live;
  readonly metrics: GatewayMetrics;
  readonly upstreamStatus: UpstreamStatusTracker;
  readonly fanout: DevicesFanout;
  readonly pollers: PollerManager;
  /** This gateway's id among several (Redis). */
  readonly id: string;
  /** Stops the background work, closes every socket and the HTTP server. */
  close(): Promise<void>;
}

const STATE_NUMBERS: Record<UpstreamState, number> = { ok: 0, degraded: 1, down: 2 };

const notFound: RequestHandler = (_request, response) => {
  response.status(404).json(apiErrorBody(HttpErrorKind.NOT_FOUND, 'Not found'));
};

const errorHandler: ErrorRequestHandler = (error: unknown, _request, response, next) => {
  if (response.headersSent) {
    next(error);
    return;
  }
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : 500;
  if (status >= 400 && status < 500) {
    const kind = status === 404 ? HttpErrorKind.NOT_FOUND : HttpErrorKind.GENERAL;
    response.status(status).json(apiErrorBody(kind, status === 404 ? 'Not found' : 'Bad request'));
    return;
  }
  log.error({ err: error }, 'request failed');
  response.status(500).json(apiErrorBody(HttpErrorKind.INTERNAL, 'Internal error'));
};

/**
 * The gateway: security headers, health and metrics, the rate-limited /api/v1 proxy, the web
 * app, and the /live socket on the same HTTP server (not listening yet: the caller listens).
 */
export function createGateway(config: GatewayConfig, upstream: UpstreamTarget, options: GatewayOptions = {}): Gateway {
  const metrics = createGatewayMetrics();
  const upstreamStatus = new UpstreamStatusTracker(options.now);
  const upstreamClient = new UpstreamClient(upstream, {
    metrics,
    status: upstreamStatus,
    timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000),
  });

  const redis = config.redisUrl ? connectRedis(config.redisUrl) : null;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(metrics.httpRequests);
  app.use(securityHeaders(config.publicUrl, config.mapStyleUrl));
  app.use(requestLogging(log));

  // Live: the process answers. Ready: it takes new connections (not while it stops).
  let stopping = false;
  const health =
    (ready: () => boolean): RequestHandler =>
    (_request, response) => {
      response.setHeader('Cache-Control', 'no-store');
      const ok = ready();
      response.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'stopping', upstream: upstreamStatus.current });
    };
  app.get(
    '/healthz',
    health(() => true),
  );
  app.get(
    '/readyz',
    health(() => !stopping),
  );
  const clusterMetrics = options.clusterWorker ? clusterMetricsSource(metrics.registry.registry) : null;
  app.get('/metrics', async (_request, response) => {
    const text = clusterMetrics ? await clusterMetrics() : (await metrics.registry.render()).text;
    response.setHeader('Cache-Control', 'no-store');
    response.type(metrics.registry.contentType).send(text);
  });

  app.use(createApiReference());
  app.use(
    API_BASE,
    ...createRateLimits({
      authPerMinute: config.rateLimitAuthPerMinute,
      apiPerMinute: config.rateLimitApiPerMinute,
      metrics,
      // With several replicas the counts are the cluster's, kept in Redis.
      ...(redis ? { redis: { client: redis.commands, prefix: `${config.redisPrefix}:rate:` } } : {}),
    }),
    forwardingHeaders,
    createApiProxy({
      target: upstream.apiBaseUrl,
      timeoutMs: config.upstreamTimeoutMs,
      metrics,
      status: upstreamStatus,
    }),
  );
  app.use('/api', notFound);
  app.use(...createWebApp(options.webDistDir ?? DEFAULT_WEB_DIST_DIR, { map_style_url: config.mapStyleUrl ?? null }));
  app.use(notFound);
  app.use(errorHandler);

  const httpServer = createServer(app);
  const id = randomUUID();
  const live = createLiveServer(httpServer, {
    upstream: upstreamClient,
    status: upstreamStatus,
    metrics,
    origins: { publicUrl: config.publicUrl, allowedOrigins: config.allowedOrigins },
    sessionCheckMs: config.sessionCheckMs,
    clockRefreshMs: config.clockRefreshMs,
    clockRetryMs: config.upstreamProbeMs,
    ...(options.now ? { now: options.now } : {}),
    websocketOnly: config.workers > 1,
    ...(redis
      ? { adapter: createAdapter(redis.adapterPub, redis.adapterSub, { key: `${config.redisPrefix}:socket.io` }) }
      : {}),
  });

  // At most one delta per poll: this many cover the history time.
  const historyLength = Math.ceil(config.deltaHistoryMs / config.pollMs) + 16;
  const observeDelta: DeltaObserver = (delta, bytes) => {
    metrics.deltaBytes.observe(bytes);
    metrics.deltaDevices.observe(delta.changed.length + delta.removed.length);
  };
  const bus: FeedBus = redis
    ? new RedisFeedBus({
        redis: redis.commands,
        subscriber: redis.feedSub,
        prefix: config.redisPrefix,
        historyLength,
        observeDelta,
      })
    : new LocalFeedBus(observeDelta);
  const leadership: Leadership = redis
    ? new RedisLeadership(redis.commands, config.redisPrefix, config.leaderTtlMs, redis.feedSub)
    : new LocalLeadership();
  const devicesUpstream = new DevicesUpstream(upstream, {
    metrics,
    status: upstreamStatus,
    timeoutMs: config.pollTimeoutMs,
    fullListTimeoutMs: config.fullPollTimeoutMs,
  });
  const pollers = new PollerManager({
    upstream: devicesUpstream,
    bus,
    leadership,
    metrics,
    pollMs: config.pollMs,
    fullPollEvery: config.fullPollEvery,
    backoffMaxMs: config.pollBackoffMaxMs,
    ...(redis ? { yieldWhenStarvedMs: config.leaderTtlMs * 2 } : {}),
  });
  const fanout = new DevicesFanout({
    namespace: live.namespace,
    bus,
    pollers,
    access: new EnvironmentAccess(devicesUpstream, options.now),
    metrics,
    historyLength,
    graceMs: config.pollGraceMs,
    bufferPackets: config.socketBufferPackets,
    bufferBytes: config.socketBufferBytes,
    resyncMs: config.slowConsumerResyncMs,
    confirmRefusal: (token) => live.sessions.revalidateToken(token),
    summaryIntervalMs: config.summaryIntervalMs,
    recentAlerts: async (environmentId, token) => {
      const answer = await devicesUpstream.recentAlerts(environmentId, token, SEED_ALERTS);
      return answer.kind === 'ok' ? answer.value : null;
    },
    ...(options.encodeSnapshot ? { encodeSnapshot: options.encodeSnapshot } : {}),
  });
  live.namespace.on('connection', (socket) => fanout.attach(socket));
  live.sessions.onRevalidated((socket) => fanout.sessionRevalidated(socket));
  metrics.registry.gauge(
    'halo_gateway_pollers_running',
    'Environment pollers running on this gateway.',
    () => pollers.running,
  );
  metrics.registry.gauge(
    'halo_gateway_environments_followed',
    'Environments whose live state this gateway holds for its subscribers.',
    () => fanout.environments.length,
  );
  metrics.registry.gauge(
    'halo_gateway_connected_sockets',
    'Sockets connected to /live.',
    () => live.namespace.sockets.size,
  );
  metrics.registry.gauge(
    'halo_gateway_upstream_state',
    'Upstream status: 0 ok, 1 degraded, 2 down.',
    () => STATE_NUMBERS[upstreamStatus.current],
  );

  live.start();
  const probe = repeat(
    () => upstreamClient.probe(),
    () => config.upstreamProbeMs,
  );

  let closing: Promise<void> | null = null;
  return {
    app,
    httpServer,
    io: live.io,
    live,
    metrics,
    upstreamStatus,
    fanout,
    pollers,
    id,
    close() {
      closing ??= new Promise<void>((resolve) => {
        stopping = true;
        probe.stop();
        live.stop();
        const force = setTimeout(() => httpServer.closeAllConnections(), config.drainSpreadMs + SHUTDOWN_GRACE_MS);
        force.unref();
        // Pollers stop and leadership is released first, so another gateway takes over at once.
        const stopped = fanout
          .close()
          .then(() => bus.close())
          .catch((error: unknown) => log.error({ err: error }, 'stopping the pollers failed'));
        // Closes the sockets without a namespace disconnect, so browsers reconnect (to another
        // replica, or to this one once it is back), each at a random moment of the drain window
        // so the others are not hit by all of them at once; then the HTTP server.
        httpServer.close();
        // Requests in flight finish; a connection kept alive after its answer would hold the
        // server open until the force timer, so idle ones are closed as they become idle.
        httpServer.closeIdleConnections();
        const idleSweep = setInterval(() => httpServer.closeIdleConnections(), IDLE_SWEEP_MS);
        idleSweep.unref();
        const socketsClosed = closeSpread(live.namespace, config.drainSpreadMs).then(
          () => new Promise<void>((done) => void live.io.close(() => done())),
        );
        void Promise.all([stopped, socketsClosed])
          .then(() => redis?.quit())
          .finally(() => {
            clearTimeout(force);
            clearInterval(idleSweep);
            resolve();
          });
      });
      return closing;
    },
  };
}

/** Closes every live connection's transport at a random moment within `spreadMs`. */
function closeSpread(namespace: Live['namespace'], spreadMs: number): Promise<void> {
  const connections = [...namespace.sockets.values()].map((socket) => socket.conn);
  if (spreadMs <= 0 || connections.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let left = connections.length;
    for (const connection of connections) {
      setTimeout(() => {
        connection.close();
        left -= 1;
        if (left === 0) resolve();
      }, Math.random() * spreadMs).unref();
    }
  });
}

interface RedisConnections {
  readonly commands: Redis;
  readonly feedSub: Redis;
  readonly adapterPub: Redis;
  readonly adapterSub: Redis;
  quit(): Promise<void>;
}

/** The four connections the gateway needs: commands, the feed's subscriber, the adapter's pair. */
function connectRedis(url: string): RedisConnections {
  const commands = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const connections = [commands, commands.duplicate(), commands.duplicate(), commands.duplicate()] as const;
  for (const connection of connections) {
    connection.on('error', (error: Error) => log.error({ err: error }, 'redis connection failed'));
  }
  const [, feedSub, adapterPub, adapterSub] = connections;
  // The adapter unsubscribes on close without waiting for Redis or handling a refusal; at
  // shutdown those replies may never come, which must not surface as unhandled rejections.
  for (const method of ['unsubscribe', 'punsubscribe'] as const) {
    const original = adapterSub[method].bind(adapterSub) as (...args: unknown[]) => Promise<unknown>;
    (adapterSub as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const reply = original(...args);
      reply.catch(() => undefined);
      return reply;
    };
  }
  return {
    commands,
    feedSub,
    adapterPub,
    adapterSub,
    async quit() {
      await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
    },
  };
}
