import { BASEMAP_STYLE_PATH, mbtilesBasemap } from './web/mbtilesBasemap.js';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { API_BASE, apiErrorBody, HttpErrorKind } from '@halo/shared';
import { requestLogging } from '@halo/shared/logging';
import type { GatewayConfig } from './config.js';
import { clusterMetricsSource } from './gatewayCluster.js';
import { log } from './log.js';
import type { GatewayMetrics } from './metrics.js';
import { createApiProxy, forwardingHeaders } from './proxy/apiProxy.js';
import { observeWrites, type ObservedWrite } from './proxy/writeObserver.js';
import { createRateLimits } from './proxy/rateLimits.js';
import type { RedisConnections } from './redisConnections.js';
import { securityHeaders } from './securityHeaders.js';
import type { UpstreamTarget } from './upstream/upstreamClient.js';
import type { UpstreamStatusTracker } from './upstream/upstreamStatus.js';
import { createApiReference } from './web/apiReference.js';
import { createWebApp } from './web/webApp.js';

/** The built web app, relative to this file in both src/ and dist/. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface HttpAppOptions {
  readonly config: GatewayConfig;
  readonly upstream: UpstreamTarget;
  readonly metrics: GatewayMetrics;
  readonly upstreamStatus: UpstreamStatusTracker;
  readonly redis: RedisConnections | null;
  /** The gateway is stopping: not ready for new connections. */
  readonly stopping: () => boolean;
  readonly webDistDir?: string;
  /** A worker of several (gatewayCluster.ts): `/metrics` tells about all of them. */
  readonly clusterWorker?: boolean;
  /** Calls whose success changes what the live side shows (an alarm acknowledged). */
  readonly observedWrites?: readonly ObservedWrite[];
}

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
 * The gateway's HTTP side: security headers, health and metrics, the rate-limited /api/v1
 * proxy, the API reference and the web app, with the API's error format for what is not found.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const { config, metrics } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(metrics.httpRequests);
  app.use(securityHeaders(config.publicUrl, config.mapStyleUrl));
  app.use(requestLogging(log));
  addOperationalRoutes(app, options);
  app.use(createApiReference());
  app.use(
    API_BASE,
    ...createRateLimits({
      authPerMinute: config.rateLimitAuthPerMinute,
      apiPerMinute: config.rateLimitApiPerMinute,
      metrics,
      // With several replicas the counts are the cluster's, kept in Redis.
      ...(options.redis ? { redis: { client: options.redis.commands, prefix: `${config.redisPrefix}:rate:` } } : {}),
    }),
    forwardingHeaders,
    observeWrites(options.observedWrites ?? []),
    createApiProxy({
      target: options.upstream.apiBaseUrl,
      timeoutMs: config.upstreamTimeoutMs,
      metrics,
      status: options.upstreamStatus,
    }),
  );
  app.use('/api', notFound);
  // An operator's MBTiles file served here (read-only, open for the process's life): HeatSight's
  // style is then the gateway's own, on the page's origin.
  if (config.basemapMbtiles !== undefined) app.use(mbtilesBasemap(config.basemapMbtiles).router);
  const mapStyleUrl = config.basemapMbtiles !== undefined ? BASEMAP_STYLE_PATH : (config.mapStyleUrl ?? null);
  app.use(...createWebApp(options.webDistDir ?? DEFAULT_WEB_DIST_DIR, { map_style_url: mapStyleUrl }));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}

/** `/healthz`, `/readyz` and `/metrics`. */
function addOperationalRoutes(app: Express, options: HttpAppOptions): void {
  const { metrics, upstreamStatus, stopping } = options;
  // Live: the process answers. Ready: it takes new connections (not while it stops).
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
    health(() => !stopping()),
  );
  const clusterMetrics = options.clusterWorker ? clusterMetricsSource(metrics.registry.registry) : null;
  app.get('/metrics', async (_request, response) => {
    const text = clusterMetrics ? await clusterMetrics() : (await metrics.registry.render()).text;
    response.setHeader('Cache-Control', 'no-store');
    response.type(metrics.registry.contentType).send(text);
  });
}
