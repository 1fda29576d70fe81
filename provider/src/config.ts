import { join, resolve } from 'node:path';
import cron from 'node-cron';
import { z } from 'zod';
import { ALARM_MAIL_DEFAULTS, HEATSIGHT_RAW_LIMIT, OutboundPurpose, SESSION_IDLE_TIMEOUT_MS } from '@halo/shared';
import type { DeliveryLimits } from './net/deliveryLanes.js';
import { parseAllowedNetworks, type OutboundPolicy } from './net/outboundCall.js';
import { DEFAULT_READ_POOL, type ReadPoolOptions } from './store/readPool.js';
import { FLEET_PACES, type FleetPace } from './simulator/fleetPace.js';

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));
const DAY_MS = 86_400_000;
/** A node-cron schedule (seconds optional) or unset, refused at load rather than when its job would start. */
const cronSchedule = optionalText.refine((pattern) => pattern === undefined || cron.validate(pattern), {
  message: 'not a cron schedule node-cron can read',
});
/** Every morning at 7, the server's local time (node-cron's default time zone; TZ sets it). */
const DEFAULT_DIGEST_SCHEDULE = '0 7 * * *';
const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

const EnvironmentSchema = z.object({
  HALO_PROVIDER_PORT: port(8081),
  HALO_PROVIDER_HOST: z.string().default('127.0.0.1'),
  HALO_PORT: port(8080),
  HALO_DATA_DIR: z.string().default('./data'),
  HALO_PUBLIC_URL: optionalText,
  DATABASE_URL: optionalText,
  SMTP_URL: optionalText,
  HALO_MAIL_FROM: z.string().default('Halo Console <no-reply@localhost>'),
  HALO_ADMIN_PASSWORD: optionalText,
  HALO_ADMIN_EMAIL: optionalText,
  HALO_REALM_TYPE: z.coerce.number().int().min(1).default(1),
  HALO_SESSION_IDLE_MS: z.coerce.number().int().min(1000).default(SESSION_IDLE_TIMEOUT_MS),
  HALO_SECRET_KEY: optionalText,
  /** Private networks (CIDR, comma separated) where custom CA services may be; none by default. */
  HALO_CA_ALLOWED_NETWORKS: optionalText,
  /** Private networks (CIDR, comma separated) where satcom targets may be; none by default. */
  HALO_SATCOM_ALLOWED_NETWORKS: optionalText,
  /**
   * Private networks (CIDR, comma separated) where alarm webhooks may be; none by default. It may
   * also list loopback blocks (127.0.0.1/32, ::1/128) for a relay on the provider's own host.
   */
  HALO_WEBHOOK_ALLOWED_NETWORKS: optionalText,
  /** How long a delivery to an alarm webhook target may take, all of it (connect, send, answer). */
  HALO_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Outbound deliveries (alarm webhooks, satcom) running at once, all tenants together, and of
   * one tenant (net/deliveryLanes.ts): a tenant's slow targets fill its own share, not everyone's.
   */
  HALO_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(64),
  HALO_DELIVERY_TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(4),
  /** How often the satcom forwarder looks for messages to send. */
  HALO_SATCOM_FORWARD_MS: z.coerce.number().int().min(100).default(2000),
  HALO_CHECK_ANSWERS: z.enum(['0', '1']).default('0'),
  HALO_SIM_DEVICES: z.coerce.number().int().min(0).max(100_000).default(200),
  HALO_SIM_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  // One tick per second at most.
  HALO_SIM_TICK_MS: z.coerce.number().int().min(1000).default(1000),
  HALO_SIM_CHANGE_FRACTION: z.coerce.number().min(0).max(1).default(0.02),
  /** How the simulated fleet behaves: a believable fleet (steady), or changes of every kind, often (churning: tests, benches). */
  HALO_SIM_PACE: z.enum(FLEET_PACES).default('steady'),
  /** Chance per tick that a device with a satellite modem sends a message (one every ten minutes). */
  HALO_SIM_SATCOM_CHANCE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(1 / 600),
  /** Each device's connected time is written every this many ticks. */
  HALO_SIM_USAGE_FLUSH_TICKS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Devices one tenant may hold over its whole tree (store/environments.ts, TenantTree): 2.5
   * times the product's 100,000-device target, so a tenant at the target can still import a
   * large file, while no tenant can fill the store.
   */
  HALO_ENVIRONMENT_MAX_DEVICES: z.coerce.number().int().min(1).default(250_000),
  /**
   * Environments one tenant may have below its own, at any depth: room for a region, site or
   * customer each, while no tenant can fill the store with environments (and their managers).
   */
  HALO_TENANT_MAX_ENVIRONMENTS: z.coerce.number().int().min(0).default(200),
  /** Heavy reads (readPool.ts): how many run at once, their time budgets and a worker's memory. */
  HALO_READ_WORKERS: z.coerce.number().int().min(0).max(64).default(DEFAULT_READ_POOL.size),
  HALO_PAGE_BUDGET_MS: z.coerce.number().int().min(100).default(DEFAULT_READ_POOL.budgetMs.page),
  HALO_EXPORT_BUDGET_MS: z.coerce.number().int().min(100).default(DEFAULT_READ_POOL.budgetMs.export),
  HALO_READ_WORKER_MEMORY_MB: z.coerce.number().int().min(32).default(DEFAULT_READ_POOL.memoryMb),
  /**
   * Rows a whole-set list (GET /devices) reads and writes per batch in a read worker: 2,000
   * devices are about 1 MB of answer, so a 100,000-device list never sits whole in memory.
   */
  HALO_LIST_BATCH_ROWS: z.coerce.number().int().min(1).max(50_000).default(2000),
  // Alarm e-mail grouping (shared/src/alarms/notifications.ts): a wait before a user's first
  // message, an interval between updates, a reminder while alarms stay open.
  HALO_ALARM_GROUP_WAIT_MS: z.coerce.number().int().min(0).default(ALARM_MAIL_DEFAULTS.groupWaitMs),
  HALO_ALARM_GROUP_INTERVAL_MS: z.coerce.number().int().min(1000).default(ALARM_MAIL_DEFAULTS.groupIntervalMs),
  HALO_ALARM_REPEAT_INTERVAL_MS: z.coerce.number().int().min(60_000).default(ALARM_MAIL_DEFAULTS.repeatIntervalMs),
  // Cleared alarms are kept this long (the alarm-retention job prunes); active ones always.
  HALO_ALARMS_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(90),
  /** When the daily alarm digest goes (node-cron, the server's local time; one a day per user however often). */
  HALO_ALARM_DIGEST_SCHEDULE: cronSchedule,
  /**
   * System log entries are kept this long (the nightly system-log-retention job prunes): a
   * quarter, as cleared alarms (90), so an alarm still kept can be read with the entries that
   * raised it, and a quarter's incidents can be reviewed; the log is the store's largest table.
   */
  HALO_SYSTEM_LOGS_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(90),
  /** Scheduled backups (the `npm run backup` code) into HALO_BACKUP_DIR, the newest HALO_BACKUP_KEEP kept; unset: none. */
  HALO_BACKUP_SCHEDULE: cronSchedule,
  HALO_BACKUP_DIR: optionalText,
  HALO_BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** HeatSight: days raw position samples are kept (the longest window: its exact samples while it holds few). */
  HALO_POSITION_SAMPLES_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(7),
  /** HeatSight: the most samples a window answers one by one (cells above it, whatever max_points asks). */
  HALO_HEATSIGHT_RAW_LIMIT: z.coerce.number().int().min(1).default(HEATSIGHT_RAW_LIMIT),
  /** HeatSight: days the rollups are kept (windows in the past, asked with `until`). */
  HALO_POSITION_ROLLUPS_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(35),
});

export interface ProviderConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** HALO_PUBLIC_URL, when set: the address every link points at (http/consoleAddress.ts). */
  readonly publicUrl: string | undefined;
  /** The gateway's address on this machine (HALO_PORT): links' last resort when nothing else is known. */
  readonly localUrl: string;
  readonly databaseUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly smtpFrom: string;
  readonly adminPassword: string | undefined;
  readonly adminEmail: string | undefined;
  readonly rootRealmType: number;
  readonly sessionIdleMs: number;
  /** Key material for secrets kept encrypted at rest; generated into the data dir when unset. */
  readonly secretKey: string | undefined;
  /** Where custom CA services may be called (HALO_CA_ALLOWED_NETWORKS). */
  readonly caNetworks: OutboundPolicy;
  /** Where satcom targets may be called (HALO_SATCOM_ALLOWED_NETWORKS), and how often the forwarder runs. */
  readonly satcom: { readonly networks: OutboundPolicy; readonly forwardMs: number };
  /** Where alarm webhooks may be called (HALO_WEBHOOK_ALLOWED_NETWORKS), and how long a delivery may take in all. */
  readonly alarmWebhooks: { readonly networks: OutboundPolicy; readonly deadlineMs: number };
  /** How many outbound deliveries run at once, in all and per tenant (net/deliveryLanes.ts). */
  readonly deliveries: DeliveryLimits;
  /** Check every answer against the shared contract before sending it (tests; a mismatch is a 500). */
  readonly checkAnswers: boolean;
  readonly simulator: SimulatorConfig;
  /** Devices one tenant's tree may hold (HALO_ENVIRONMENT_MAX_DEVICES); the simulator's fleet is exempt. */
  readonly environmentMaxDevices: number;
  /** Environments one tenant may have below its own (HALO_TENANT_MAX_ENVIRONMENTS). */
  readonly tenantMaxEnvironments: number;
  readonly readPool: ReadPoolOptions;
  /** Rows a whole-set list reads per batch (HALO_LIST_BATCH_ROWS; routes/devices/listDevices.ts). */
  readonly listBatchRows: number;
  /** Alarm e-mail grouping per user (jobs/alarmMail.ts). */
  readonly alarmMail: AlarmMailTiming;
  /** How long a cleared alarm is kept (the alarm-retention job prunes). */
  readonly alarmsRetentionMs: number;
  /** When the daily alarm digest goes (jobs/alarmDigest.ts). */
  readonly alarmDigestSchedule: string;
  /** How long a system log entry is kept (the system-log-retention job prunes). */
  readonly systemLogsRetentionMs: number;
  /** Scheduled backups (jobs/scheduledBackup.ts): off while `schedule` is unset. */
  readonly scheduledBackup: ScheduledBackupConfig;
  /**
   * How long HeatSight's raw position samples and their rollups are kept (the retention job
   * prunes), and the most samples a window answers one by one (HALO_HEATSIGHT_RAW_LIMIT).
   */
  readonly positionHistory: {
    readonly samplesRetentionMs: number;
    readonly rollupsRetentionMs: number;
    readonly rawSamplesLimit: number;
  };
}

export interface ScheduledBackupConfig {
  readonly schedule: string | undefined;
  /** Where each backup gets its own directory. */
  readonly directory: string;
  /** How many complete backups are kept; older ones are deleted after a new one is complete. */
  readonly keep: number;
}

export interface AlarmMailTiming {
  readonly groupWaitMs: number;
  readonly groupIntervalMs: number;
  readonly repeatIntervalMs: number;
}

export interface SimulatorConfig {
  /** Size of the simulated fleet; 0 turns the simulator off. */
  readonly devices: number;
  readonly seed: number;
  readonly tickMs: number;
  /** Share of the fleet that changes per tick. */
  readonly changeFraction: number;
  readonly pace: FleetPace;
  readonly satcomMessageChance: number;
  readonly usageFlushTicks: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const parsed = EnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid provider configuration: ${problems}`);
  }
  const values = parsed.data;
  return {
    port: values.HALO_PROVIDER_PORT,
    host: values.HALO_PROVIDER_HOST,
    dataDir: resolve(values.HALO_DATA_DIR),
    publicUrl: values.HALO_PUBLIC_URL?.replace(/\/+$/, ''),
    localUrl: `http://localhost:${values.HALO_PORT}`,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    smtpFrom: values.HALO_MAIL_FROM,
    adminPassword: values.HALO_ADMIN_PASSWORD,
    adminEmail: values.HALO_ADMIN_EMAIL,
    rootRealmType: values.HALO_REALM_TYPE,
    sessionIdleMs: values.HALO_SESSION_IDLE_MS,
    secretKey: values.HALO_SECRET_KEY,
    caNetworks: {
      purpose: OutboundPurpose.CA_SERVICE,
      allowedNetworks: parseAllowedNetworks(values.HALO_CA_ALLOWED_NETWORKS, OutboundPurpose.CA_SERVICE),
    },
    satcom: {
      networks: {
        purpose: OutboundPurpose.SATCOM_TARGET,
        allowedNetworks: parseAllowedNetworks(values.HALO_SATCOM_ALLOWED_NETWORKS, OutboundPurpose.SATCOM_TARGET),
      },
      forwardMs: values.HALO_SATCOM_FORWARD_MS,
    },
    alarmWebhooks: {
      networks: {
        purpose: OutboundPurpose.ALARM_WEBHOOK,
        allowedNetworks: parseAllowedNetworks(values.HALO_WEBHOOK_ALLOWED_NETWORKS, OutboundPurpose.ALARM_WEBHOOK),
      },
      deadlineMs: values.HALO_WEBHOOK_TIMEOUT_MS,
    },
    deliveries: { total: values.HALO_DELIVERY_CONCURRENCY, perTenant: values.HALO_DELIVERY_TENANT_CONCURRENCY },
    checkAnswers: values.HALO_CHECK_ANSWERS === '1',
    simulator: {
      devices: values.HALO_SIM_DEVICES,
      seed: values.HALO_SIM_SEED,
      tickMs: values.HALO_SIM_TICK_MS,
      changeFraction: values.HALO_SIM_CHANGE_FRACTION,
      pace: values.HALO_SIM_PACE,
      satcomMessageChance: values.HALO_SIM_SATCOM_CHANCE,
      usageFlushTicks: values.HALO_SIM_USAGE_FLUSH_TICKS,
    },
    environmentMaxDevices: values.HALO_ENVIRONMENT_MAX_DEVICES,
    tenantMaxEnvironments: values.HALO_TENANT_MAX_ENVIRONMENTS,
    readPool: {
      size: values.HALO_READ_WORKERS,
      budgetMs: { page: values.HALO_PAGE_BUDGET_MS, export: values.HALO_EXPORT_BUDGET_MS },
      memoryMb: values.HALO_READ_WORKER_MEMORY_MB,
    },
    listBatchRows: values.HALO_LIST_BATCH_ROWS,
    alarmMail: {
      groupWaitMs: values.HALO_ALARM_GROUP_WAIT_MS,
      groupIntervalMs: values.HALO_ALARM_GROUP_INTERVAL_MS,
      repeatIntervalMs: values.HALO_ALARM_REPEAT_INTERVAL_MS,
    },
    alarmsRetentionMs: values.HALO_ALARMS_RETENTION_DAYS * DAY_MS,
    alarmDigestSchedule: values.HALO_ALARM_DIGEST_SCHEDULE ?? DEFAULT_DIGEST_SCHEDULE,
    systemLogsRetentionMs: values.HALO_SYSTEM_LOGS_RETENTION_DAYS * DAY_MS,
    scheduledBackup: {
      schedule: values.HALO_BACKUP_SCHEDULE,
      directory: resolve(values.HALO_BACKUP_DIR ?? join(values.HALO_DATA_DIR, 'backups')),
      keep: values.HALO_BACKUP_KEEP,
    },
    positionHistory: {
      samplesRetentionMs: values.HALO_POSITION_SAMPLES_RETENTION_DAYS * DAY_MS,
      rollupsRetentionMs:
        Math.max(values.HALO_POSITION_ROLLUPS_RETENTION_DAYS, values.HALO_POSITION_SAMPLES_RETENTION_DAYS) * DAY_MS,
      rawSamplesLimit: values.HALO_HEATSIGHT_RAW_LIMIT,
    },
  };
}
