import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { UpstreamState } from '@halo/shared';
import type { GatewayConfig } from './config.js';
import { DevicesFanout } from './live/devicesFanout.js';
import { EnvironmentAccess } from './live/environmentAccess.js';
import { SEED_ALERTS } from './live/environmentSummary.js';
import { LocalFeedBus, type DeltaObserver, type FeedBus } from './live/feedBus.js';
import { createLiveServer, type Live } from './live/liveServer.js';
import { RedisFeedBus } from './live/redisFeedBus.js';
import type { SnapshotEncoder } from './live/snapshotEncoding.js';
import type { GatewayMetrics } from './metrics.js';
import { DevicesUpstream } from './pollers/devicesUpstream.js';
import { LocalLeadership, RedisLeadership, type Leadership } from './pollers/leadership.js';
import { PollerManager } from './pollers/pollerManager.js';
import type { RedisConnections } from './redisConnections.js';
import type { UpstreamClient, UpstreamTarget } from './upstream/upstreamClient.js';
import type { UpstreamStatusTracker } from './upstream/upstreamStatus.js';

export interface LiveWiringOptions {
  readonly config: GatewayConfig;
  readonly upstream: UpstreamTarget;
  readonly upstreamClient: UpstreamClient;
  readonly upstreamStatus: UpstreamStatusTracker;
  readonly metrics: GatewayMetrics;
  readonly redis: RedisConnections | null;
  readonly now?: () => number;
  readonly encodeSnapshot?: SnapshotEncoder;
}

export interface LiveWiring {
  readonly live: Live;
  readonly bus: FeedBus;
  readonly pollers: PollerManager;
  readonly fanout: DevicesFanout;
}

const STATE_NUMBERS: Record<UpstreamState, number> = { ok: 0, degraded: 1, down: 2 };

/**
 * The live side on the HTTP server: the /live socket, the feed bus and poller leadership
 * (in-process, or through Redis with several gateways), the central pollers and the fan-out,
 * with their gauges. Not started yet (`live.start()`).
 */
export function createLiveWiring(httpServer: HttpServer, options: LiveWiringOptions): LiveWiring {
  const { config, metrics, redis } = options;
  const live = createLiveServer(httpServer, {
    upstream: options.upstreamClient,
    status: options.upstreamStatus,
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
  const bus = createFeedBus(config, metrics, redis, historyLength);
  const devicesUpstream = new DevicesUpstream(options.upstream, {
    metrics,
    status: options.upstreamStatus,
    timeoutMs: config.pollTimeoutMs,
    fullListTimeoutMs: config.fullPollTimeoutMs,
  });
  const leadership: Leadership = redis
    ? new RedisLeadership(redis.commands, config.redisPrefix, config.leaderTtlMs, redis.feedSub)
    : new LocalLeadership();
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
    alarmCounts: async (environmentId, token) => {
      const answer = await devicesUpstream.alarmCounts(environmentId, token);
      return answer.kind === 'ok' ? answer.value : null;
    },
    alarmChanges: async (environmentId, token, after) => {
      const answer = await devicesUpstream.alarmChanges(environmentId, token, after);
      return answer.kind === 'ok' ? answer.value : null;
    },
    ...(options.encodeSnapshot ? { encodeSnapshot: options.encodeSnapshot } : {}),
  });
  live.namespace.on('connection', (socket) => fanout.attach(socket));
  live.sessions.onRevalidated((socket) => fanout.sessionRevalidated(socket));
  registerLiveGauges({ live, pollers, fanout }, metrics, options.upstreamStatus);
  return { live, bus, pollers, fanout };
}

/** How the leader's findings reach every gateway's feed: in-process alone, through Redis with several. */
function createFeedBus(
  config: GatewayConfig,
  metrics: GatewayMetrics,
  redis: RedisConnections | null,
  historyLength: number,
): FeedBus {
  const observeDelta: DeltaObserver = (delta, bytes) => {
    metrics.deltaBytes.observe(bytes);
    metrics.deltaDevices.observe(delta.changed.length + delta.removed.length);
  };
  return redis
    ? new RedisFeedBus({
        redis: redis.commands,
        subscriber: redis.feedSub,
        prefix: config.redisPrefix,
        historyLength,
        observeDelta,
      })
    : new LocalFeedBus(observeDelta);
}

function registerLiveGauges(
  { live, pollers, fanout }: Omit<LiveWiring, 'bus'>,
  metrics: GatewayMetrics,
  upstreamStatus: UpstreamStatusTracker,
): void {
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
}
