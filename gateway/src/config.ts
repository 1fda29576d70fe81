import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Empty strings count as unset, so `FOO=` in a .env file or the e2e harness means "use the default". */
const unsetWhenEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(min).max(max).default(fallback));
const port = (fallback: number) => integer(fallback, 0, 65_535);
const text = (fallback: string) => z.preprocess(unsetWhenEmpty, z.string().trim().default(fallback));
const optionalText = z.preprocess(unsetWhenEmpty, z.string().trim().optional());

const httpUrl = z
  .string()
  .trim()
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http:// or https:// URL');
const optionalUrl = z.preprocess(unsetWhenEmpty, httpUrl.optional());

/** Comma-separated origins, each a URL reduced to its origin. */
/** A count of worker processes, or `auto`: one per core this process may use. */
const workerCount = z.preprocess(
  unsetWhenEmpty,
  z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .transform((value) => (value === 'auto' ? availableParallelism() : value)),
);

const originList = z.preprocess(
  unsetWhenEmpty,
  z
    .string()
    .optional()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const item of (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)) {
        try {
          origins.push(new URL(item).origin);
        } catch {
          context.addIssue({ code: 'custom', message: `"${item}" is not a URL` });
        }
      }
      return origins;
    }),
);

/**
 * Express's `trust proxy`: off by default, `true`, a hop count, or a list of addresses/subnets
 * (`loopback`, `10.0.0.0/8`, ...).
 */
const trustProxy = z.preprocess(
  unsetWhenEmpty,
  z
    .string()
    .trim()
    .optional()
    .transform((value): boolean | number | string => {
      if (value === undefined || /^(false|off|no|0)$/i.test(value)) return false;
      if (/^(true|on|yes)$/i.test(value)) return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value;
    }),
);

const EnvironmentSchema = z.object({
  HALO_PORT: port(8080),
  HALO_HOST: text('127.0.0.1'),
  HALO_PROVIDER_PORT: port(8081),
  HALO_DATA_DIR: text('./data'),
  HALO_PUBLIC_URL: optionalUrl,
  HALO_ALLOWED_ORIGINS: originList,
  UPSTREAM_URL: optionalUrl,
  REDIS_URL: optionalText,
  HALO_SESSION_CHECK_MS: integer(2000, 100, 3_600_000),
  HALO_CLOCK_REFRESH_MS: integer(60_000, 100, 86_400_000),
  HALO_UPSTREAM_PROBE_MS: integer(5000, 100, 3_600_000),
  HALO_UPSTREAM_TIMEOUT_MS: integer(30_000, 100, 3_600_000),
  HALO_POLL_MS: integer(1000, 100, 3_600_000),
  HALO_FULL_POLL_EVERY: integer(30, 1, 1_000_000),
  HALO_POLL_TIMEOUT_MS: integer(5000, 100, 600_000),
  HALO_FULL_POLL_TIMEOUT_MS: integer(60_000, 100, 600_000),
  HALO_POLL_BACKOFF_MAX_MS: integer(30_000, 100, 3_600_000),
  HALO_POLL_GRACE_MS: integer(10_000, 0, 3_600_000),
  HALO_DELTA_HISTORY_MS: integer(180_000, 120_000, 3_600_000),
  HALO_SOCKET_BUFFER_PACKETS: integer(64, 1, 100_000),
  HALO_SOCKET_BUFFER_BYTES: integer(8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  HALO_SLOW_CONSUMER_RESYNC_MS: integer(30_000, 100, 3_600_000),
  HALO_SUMMARY_MS: integer(1000, 50, 60_000),
  HALO_REDIS_PREFIX: text('halo'),
  HALO_LEADER_TTL_MS: integer(5000, 300, 600_000),
  HALO_DRAIN_SPREAD_MS: integer(2000, 0, 60_000),
  HALO_RATE_LIMIT_AUTH_PER_MIN: integer(60, 1, 1_000_000),
  HALO_RATE_LIMIT_API_PER_MIN: integer(1200, 1, 1_000_000),
  HALO_TRUST_PROXY: trustProxy,
  HALO_MAP_STYLE_URL: optionalUrl,
  HALO_BASEMAP_MBTILES: optionalText,
  HALO_GATEWAY_WORKERS: workerCount,
});

export interface GatewayConfig {
  readonly port: number;
  readonly host: string;
  readonly providerPort: number;
  readonly dataDir: string;
  /** Origin users reach the console at (no trailing slash), when set. */
  readonly publicUrl: string | undefined;
  /** Extra origins allowed to open the live socket. */
  readonly allowedOrigins: readonly string[];
  /** Base URL of a provider API v1 (includes /api/v1); unset means the embedded provider. */
  readonly upstreamUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly sessionCheckMs: number;
  readonly clockRefreshMs: number;
  /** How often the upstream's health is probed for the upstream status. */
  readonly upstreamProbeMs: number;
  /** Idle time-out of one proxied request before the gateway answers 504. */
  readonly upstreamTimeoutMs: number;
  readonly pollMs: number;
  /** Every this many polls of an environment is a full re-poll that detects drift. */
  readonly fullPollEvery: number;
  /** Time-out of each poller request. */
  readonly pollTimeoutMs: number;
  /** Time-out of a full devices_state list (first poll, re-polls): large fleets answer in seconds. */
  readonly fullPollTimeoutMs: number;
  /** Ceiling of the exponential back-off after upstream faults. */
  readonly pollBackoffMaxMs: number;
  /** How long a poller keeps running after its environment's last subscriber left. */
  readonly pollGraceMs: number;
  /** How far back missed deltas can be replayed (at least 2 minutes). */
  readonly deltaHistoryMs: number;
  /** A socket with more packets than this waiting to be written is a slow consumer. */
  readonly socketBufferPackets: number;
  /** ...or with more bytes than this waiting to be written. */
  readonly socketBufferBytes: number;
  /** How long a slow consumer has to catch up before its connection is closed. */
  readonly slowConsumerResyncMs: number;
  /** At most one fleet summary push per this many ms and environment. */
  readonly summaryIntervalMs: number;
  /** Prefix of every Redis key and channel (REDIS_URL only). */
  readonly redisPrefix: string;
  /** Time to live of a poller leadership lock in Redis; renewed every third of it. */
  readonly leaderTtlMs: number;
  /** On SIGTERM, the live sockets are closed at random moments over this many ms (they reconnect elsewhere). */
  readonly drainSpreadMs: number;
  readonly rateLimitAuthPerMinute: number;
  readonly rateLimitApiPerMinute: number;
  readonly trustProxy: boolean | number | string;
  /** A MapLibre style for HeatSight's basemap (for example a local PMTiles server); unset: the offline world. */
  readonly mapStyleUrl: string | undefined;
  /** A raster MBTiles file the gateway serves as HeatSight's basemap (web/mbtilesBasemap.ts); unset: none. */
  readonly basemapMbtiles: string | undefined;
  /** Gateway processes on this machine sharing the port (gatewayCluster.ts); above 1 needs Redis. */
  readonly workers: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid gateway configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/** Reads the gateway's configuration from environment variables; throws a ConfigError listing every bad value. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = EnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
        return `${name}=${JSON.stringify(value ?? '')}: ${issue.message}`;
      }),
    );
  }
  const values = parsed.data;
  if (values.HALO_GATEWAY_WORKERS > 1 && values.REDIS_URL === undefined)
    throw new ConfigError([
      `HALO_GATEWAY_WORKERS=${values.HALO_GATEWAY_WORKERS}: several workers need REDIS_URL (they share pollers, feeds and socket rooms through it)`,
    ]);
  if (values.HALO_MAP_STYLE_URL !== undefined && values.HALO_BASEMAP_MBTILES !== undefined)
    throw new ConfigError([
      'HALO_MAP_STYLE_URL and HALO_BASEMAP_MBTILES both name a basemap: set one (a style of your own, or a raster MBTiles file the console serves)',
    ]);
  // The embedded provider listens on HALO_PROVIDER_PORT before the gateway binds HALO_PORT: on
  // the same port the provider would answer the gateway's /healthz until the gateway failed.
  if (values.UPSTREAM_URL === undefined && values.HALO_PORT !== 0 && values.HALO_PORT === values.HALO_PROVIDER_PORT)
    throw new ConfigError([
      `HALO_PROVIDER_PORT=${values.HALO_PROVIDER_PORT}: the embedded provider needs a port of its own, not HALO_PORT's`,
    ]);
  return {
    port: values.HALO_PORT,
    host: values.HALO_HOST,
    providerPort: values.HALO_PROVIDER_PORT,
    dataDir: resolve(values.HALO_DATA_DIR),
    publicUrl: values.HALO_PUBLIC_URL === undefined ? undefined : new URL(values.HALO_PUBLIC_URL).origin,
    allowedOrigins: values.HALO_ALLOWED_ORIGINS,
    upstreamUrl: values.UPSTREAM_URL === undefined ? undefined : withoutTrailingSlash(values.UPSTREAM_URL),
    redisUrl: values.REDIS_URL,
    sessionCheckMs: values.HALO_SESSION_CHECK_MS,
    clockRefreshMs: values.HALO_CLOCK_REFRESH_MS,
    upstreamProbeMs: values.HALO_UPSTREAM_PROBE_MS,
    upstreamTimeoutMs: values.HALO_UPSTREAM_TIMEOUT_MS,
    pollMs: values.HALO_POLL_MS,
    fullPollEvery: values.HALO_FULL_POLL_EVERY,
    pollTimeoutMs: values.HALO_POLL_TIMEOUT_MS,
    fullPollTimeoutMs: Math.max(values.HALO_FULL_POLL_TIMEOUT_MS, values.HALO_POLL_TIMEOUT_MS),
    pollBackoffMaxMs: values.HALO_POLL_BACKOFF_MAX_MS,
    pollGraceMs: values.HALO_POLL_GRACE_MS,
    deltaHistoryMs: values.HALO_DELTA_HISTORY_MS,
    socketBufferPackets: values.HALO_SOCKET_BUFFER_PACKETS,
    socketBufferBytes: values.HALO_SOCKET_BUFFER_BYTES,
    slowConsumerResyncMs: values.HALO_SLOW_CONSUMER_RESYNC_MS,
    summaryIntervalMs: values.HALO_SUMMARY_MS,
    redisPrefix: values.HALO_REDIS_PREFIX,
    leaderTtlMs: values.HALO_LEADER_TTL_MS,
    drainSpreadMs: values.HALO_DRAIN_SPREAD_MS,
    rateLimitAuthPerMinute: values.HALO_RATE_LIMIT_AUTH_PER_MIN,
    rateLimitApiPerMinute: values.HALO_RATE_LIMIT_API_PER_MIN,
    trustProxy: values.HALO_TRUST_PROXY,
    mapStyleUrl: values.HALO_MAP_STYLE_URL,
    basemapMbtiles: values.HALO_BASEMAP_MBTILES === undefined ? undefined : resolve(values.HALO_BASEMAP_MBTILES),
    workers: values.HALO_GATEWAY_WORKERS,
  };
}
