import { API } from '@halo/shared';
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { Express } from 'express';
import type { GatewayConfig } from './config.js';
import { createHttpApp } from './gatewayHttp.js';
import { createLiveWiring } from './gatewayLive.js';
import { shutDown } from './gatewayShutdown.js';
import type { DevicesFanout } from './live/devicesFanout.js';
import type { Live } from './live/liveServer.js';
import type { LiveServer } from './live/liveTypes.js';
import type { SnapshotEncoder } from './live/snapshotEncoding.js';
import { createGatewayMetrics, type GatewayMetrics } from './metrics.js';
import type { PollerManager } from './pollers/pollerManager.js';
import { connectRedis } from './redisConnections.js';
import { repeat } from './repeat.js';
import { UpstreamClient, type UpstreamTarget } from './upstream/upstreamClient.js';
import { UpstreamStatusTracker } from './upstream/upstreamStatus.js';

export { DEFAULT_WEB_DIST_DIR } from './gatewayHttp.js';

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

/**
 * The gateway: security headers, health and metrics, the rate-limited /api/v1 proxy, the web
 * app (gatewayHttp.ts), and the /live socket with its pollers and fan-out (gatewayLive.ts) on
 * the same HTTP server (not listening yet: the caller listens); `close` is gatewayShutdown.ts.
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
  let stopping = false;
  // The live side is made after the HTTP app; calls it must hear of reach it through this.
  let alarmsChanged: (environmentId: number, what: 'alarms' | 'silences') => void = () => undefined;
  const app = createHttpApp({
    config,
    upstream,
    metrics,
    upstreamStatus,
    redis,
    stopping: () => stopping,
    // Acknowledging changes the alarms and the counts of those waiting for someone; silencing, what
    // marks them; a threshold change judges its attribute's open alarms again (for the root's own
    // thresholds the path is the alarms' environment; a child's show within the periodic read).
    observedWrites: [
      { endpoint: API.alarms.acknowledge, answered: (environmentId: number) => alarmsChanged(environmentId, 'alarms') },
      { endpoint: API.thresholds.update, answered: (environmentId: number) => alarmsChanged(environmentId, 'alarms') },
      ...[API.silences.create, API.silences.end].map((endpoint) => ({
        endpoint,
        answered: (environmentId: number) => alarmsChanged(environmentId, 'silences'),
      })),
    ],
    ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
    ...(options.clusterWorker ? { clusterWorker: options.clusterWorker } : {}),
  });
  const httpServer = createServer(app);
  const id = randomUUID();
  const wiring = createLiveWiring(httpServer, {
    config,
    upstream,
    upstreamClient,
    upstreamStatus,
    metrics,
    redis,
    ...(options.now ? { now: options.now } : {}),
    ...(options.encodeSnapshot ? { encodeSnapshot: options.encodeSnapshot } : {}),
  });
  const { live, fanout, pollers } = wiring;
  alarmsChanged = (environmentId, what) => fanout.alarmsChanged(environmentId, what);
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
      if (!closing) {
        stopping = true;
        probe.stop();
        live.stop();
        closing = shutDown({ ...wiring, config, httpServer, redis });
      }
      return closing;
    },
  };
}
