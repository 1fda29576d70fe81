import { createServer, type Server as HttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { API_BASE, apiErrorBody, HttpErrorKind, type UpstreamState } from '@halo/shared';
import type { GatewayConfig } from './config.js';
import { createLiveServer, type Live } from './live/liveServer.js';
import type { LiveServer } from './live/liveTypes.js';
import { createGatewayMetrics, type GatewayMetrics } from './metrics.js';
import { createApiProxy, forwardingHeaders } from './proxy/apiProxy.js';
import { createRateLimits } from './proxy/rateLimits.js';
import { repeat } from './repeat.js';
import { securityHeaders } from './securityHeaders.js';
import { UpstreamClient, type UpstreamTarget } from './upstream/upstreamClient.js';
import { UpstreamStatusTracker } from './upstream/upstreamStatus.js';
import { createWebApp } from './web/webApp.js';

/** The built web app, relative to this file in both src/ and dist/. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** How long in-flight requests may finish once the gateway stops. */
const SHUTDOWN_GRACE_MS = 5000;

export interface GatewayOptions {
  /** Where the built web app lives; the repository's web/dist by default. */
  readonly webDistDir?: string;
  readonly now?: () => number;
}

export interface Gateway {
  readonly app: Express;
  readonly httpServer: HttpServer;
  readonly io: LiveServer;
  readonly live: Live;
  readonly metrics: GatewayMetrics;
  readonly upstreamStatus: UpstreamStatusTracker;
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
  console.error('[gateway] request failed:', error);
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

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders(config.publicUrl));

  const health: RequestHandler = (_request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    response.json({ status: 'ok', upstream: upstreamStatus.current });
  };
  app.get('/healthz', health);
  app.get('/readyz', health);
  app.get('/metrics', (_request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    response.type('text/plain; version=0.0.4').send(metrics.registry.render());
  });

  app.use(
    API_BASE,
    ...createRateLimits({
      authPerMinute: config.rateLimitAuthPerMinute,
      apiPerMinute: config.rateLimitApiPerMinute,
      metrics,
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
  app.use(...createWebApp(options.webDistDir ?? DEFAULT_WEB_DIST_DIR));
  app.use(notFound);
  app.use(errorHandler);

  const httpServer = createServer(app);
  const live = createLiveServer(httpServer, {
    upstream: upstreamClient,
    status: upstreamStatus,
    metrics,
    origins: { publicUrl: config.publicUrl, allowedOrigins: config.allowedOrigins },
    sessionCheckMs: config.sessionCheckMs,
    clockRefreshMs: config.clockRefreshMs,
    clockRetryMs: config.upstreamProbeMs,
    ...(options.now ? { now: options.now } : {}),
  });
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
    close() {
      closing ??= new Promise<void>((resolve) => {
        probe.stop();
        live.stop();
        const force = setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_GRACE_MS);
        force.unref();
        // Closes the sockets without a namespace disconnect, so browsers reconnect (to another
        // replica, or to this one once it is back), then the HTTP server.
        void live.io.close(() => {
          clearTimeout(force);
          resolve();
        });
        httpServer.closeIdleConnections();
      });
      return closing;
    },
  };
}
