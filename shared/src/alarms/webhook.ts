/**
 * Alarm webhooks (issue 27): a manager of an environment adds HTTPS targets that receive the
 * alarms of the environment and those below it as they open, change and clear: one signed JSON
 * POST per run of the delivery job with every change since the last delivery (a storm is one
 * request, at most WEBHOOK_BATCH_MAX events), retried with back-off until the target takes it.
 *
 * A receiver checks `X-Halo-Signature: sha256=<hex>`, the HMAC-SHA256 of
 * `"<X-Halo-Timestamp>.<raw body>"` keyed with the target's secret (its UTF-8 text, shown once
 * when the target was added), and refuses a timestamp far from its clock (replays).
 */
import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.js';
import { displayNameCheck, IdSchema } from '../common.js';
import { OkResponseSchema } from '../auth/auth.js';
import { Severity, SEVERITY_NAMES } from '../constants/enums.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { OutboundFailureCodeSchema } from '../outbound/outboundFailure.js';
import { hasControlCharacters, ValidationKey } from '../validation/rules.js';
import { isHttpUrl, normalisedHttpUrl } from '../satcom/satcomTarget.js';
import { ALARM_STATES } from './alarm.js';
import { SILENCE_NOTICES_MAX, SilenceNoticeSchema } from './silence.js';

/** Targets one environment may have: each costs a request per run while alarms change. */
export const WEBHOOK_MAX_PER_ENVIRONMENT = 10;
export const WEBHOOK_NAME_MAX_LENGTH = 64;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** The most events one POST carries; the rest go in the next run's. */
export const WEBHOOK_BATCH_MAX = 500;
/** Back-off after a failed delivery: 10 s, doubling with each failure in a row, at most an hour. */
export const WEBHOOK_FIRST_RETRY_MS = 10_000;
export const WEBHOOK_MAX_RETRY_MS = 3_600_000;
/** The version of the body (`version`); a change receivers must adapt to gets a new one. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** The headers of a delivery (lower case, as Node and most frameworks give them to a receiver). */
export const WebhookHeader = {
  /** Unix time in seconds when the request was signed. */
  TIMESTAMP: 'x-halo-timestamp',
  /** `sha256=` and the hex HMAC-SHA256 of `"<timestamp>.<raw body>"` keyed with the secret. */
  SIGNATURE: 'x-halo-signature',
  /** `alarms` or `test`, as the body's `kind`. */
  EVENT: 'x-halo-event',
  /** The target's id in the console. */
  WEBHOOK_ID: 'x-halo-webhook-id',
  /** The body's `delivery_id`, for a receiver's log (the signed copy is the body's). */
  DELIVERY_ID: 'x-halo-delivery-id',
} as const;

/** The text a delivery's signature is computed over. */
export const webhookSignedText = (timestamp: string, rawBody: string): string => `${timestamp}.${rawBody}`;

/** The wait before the next attempt after `failures` failed ones in a row (1 or more). */
export const webhookRetryDelayMs = (failures: number): number =>
  Math.min(WEBHOOK_MAX_RETRY_MS, WEBHOOK_FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(failures - 1, 30)));

/** The severities a target may start from: minor, major or critical. */
export const WebhookSeveritySchema = z.union([
  z.literal(Severity.MINOR),
  z.literal(Severity.MAJOR),
  z.literal(Severity.CRITICAL),
]);

/** A target as answered: never its secret. */
export const AlarmWebhookSchema = z.object({
  id: IdSchema,
  environment_id: IdSchema,
  name: z.string(),
  url: z.string(),
  /** Alarms below this severity are not sent. */
  min_severity: WebhookSeveritySchema,
  created_by: z.string(),
  created_at: z.string(),
  /** The last attempt (a test's included), its HTTP status if the target answered, and why it failed if it did. */
  last_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  last_error: OutboundFailureCodeSchema.nullable(),
  /** When the target last took a delivery (2xx). */
  last_delivered_at: z.string().nullable(),
  /** Failed deliveries in a row; 0 while all is well. */
  attempts: z.number().int().min(0),
  /** When the job tries again after a failure (back-off), if it must. */
  next_attempt_at: z.string().nullable(),
});
export type AlarmWebhook = z.infer<typeof AlarmWebhookSchema>;

export const AlarmWebhookListSchema = z.object({ webhooks: z.array(AlarmWebhookSchema) });

/**
 * A webhook's address as the audit log (and its CSV) shows it: scheme and host, the rest elided
 * (`https://hooks.example.com/…`). Slack-, Teams- and Mattermost-style receivers carry their
 * credential in the path or the query, and the audit log is open to anyone with logs view; the
 * whole address stays on the manager's own webhook screen. Not an address: the ellipsis alone.
 */
export function webhookAddressForAudit(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}/…`;
  } catch {
    return '…';
  }
}

/** POST /alarm_webhooks: a name, an http(s) URL (stored normalised) and the least severity to send. */
export const AlarmWebhookCreateSchema = z.strictObject({
  name: z
    .string({ error: ValidationKey.REQUIRED })
    .superRefine(displayNameCheck())
    .trim()
    .min(1, { message: ValidationKey.REQUIRED, abort: true })
    .max(WEBHOOK_NAME_MAX_LENGTH, ValidationKey.MAX_LENGTH),
  url: z
    .string({ error: ValidationKey.REQUIRED })
    .trim()
    .min(1, { message: ValidationKey.REQUIRED, abort: true })
    .max(WEBHOOK_URL_MAX_LENGTH, { message: ValidationKey.MAX_LENGTH, abort: true })
    .refine((url) => !/\s/.test(url) && !hasControlCharacters(url), {
      message: ValidationKey.INVALID_CHARACTERS,
      abort: true,
    })
    .refine(isHttpUrl, { message: ValidationKey.INVALID, abort: true })
    .transform(normalisedHttpUrl)
    .pipe(z.string().max(WEBHOOK_URL_MAX_LENGTH, ValidationKey.MAX_LENGTH)),
  min_severity: WebhookSeveritySchema.default(Severity.MINOR),
});
export type AlarmWebhookCreate = z.input<typeof AlarmWebhookCreateSchema>;

/** The answer of a creation: the target, and its signing secret, this once. */
export const AlarmWebhookCreatedSchema = z.object({
  webhook: AlarmWebhookSchema,
  secret: z.string(),
});
export type AlarmWebhookCreated = z.infer<typeof AlarmWebhookCreatedSchema>;

/** The outcome of "send a test", and the target as it stands after it. */
export const AlarmWebhookTestResultSchema = z.object({
  delivered: z.boolean(),
  status: z.number().int().nullable(),
  error: OutboundFailureCodeSchema.nullable(),
  webhook: AlarmWebhookSchema,
});
export type AlarmWebhookTestResult = z.infer<typeof AlarmWebhookTestResultSchema>;

/** One alarm in a delivery: its state when the delivery was made. */
export const AlarmWebhookEventSchema = z.object({
  alarm_id: IdSchema,
  environment_id: IdSchema,
  device_id: IdSchema,
  device_name: z.string(),
  attribute_type: z.number().int(),
  severity: z.number().int(),
  severity_name: z.enum(SEVERITY_NAMES),
  peak_severity: z.number().int(),
  state: z.enum(ALARM_STATES),
  acknowledged: z.boolean(),
  acknowledged_by: z.string().nullable(),
  last_value: z.string().nullable(),
  breach_count: z.number().int(),
  opened_at: z.string(),
  last_breach_at: z.string(),
  cleared_at: z.string().nullable(),
  /**
   * Active, and its device is not connected now: `last_value` is the last it sent, not what it
   * reads. A device connecting or disconnecting hands its active alarms out again with this.
   */
  stale: z.boolean(),
  /** The console's Alarms screen, filtered to the device. */
  link: z.string(),
});
export type AlarmWebhookEvent = z.infer<typeof AlarmWebhookEventSchema>;

/** The body of a delivery (`kind` test: one made-up event, to check the receiver). */
export const AlarmWebhookPayloadSchema = z.object({
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  kind: z.enum(['alarms', 'test']),
  /**
   * A UUID of its own for each POST (a retry is a new POST): inside the signed body, so a receiver
   * that keeps the ids it took within its timestamp tolerance drops a replayed request.
   */
  delivery_id: z.uuid(),
  webhook_id: IdSchema,
  environment: z.object({ id: IdSchema, name: z.string() }),
  sent_at: z.string(),
  events: z.array(AlarmWebhookEventSchema),
  /**
   * The alarm changes since the last delivery that silences held back (issue 39, item 2): how
   * many, and the silences that held them (what, until when, by whom, why; at most
   * SILENCE_NOTICES_MAX, `silences_total` in all), so a receiver sees a maintenance window that
   * hides alarms rather than a quiet fleet. A run whose changes were all held back sends nothing.
   */
  held_back: z.object({
    count: z.number().int().min(0),
    silences: z.array(SilenceNoticeSchema).max(SILENCE_NOTICES_MAX),
    silences_total: z.number().int().min(0),
  }),
});
export type AlarmWebhookPayload = z.infer<typeof AlarmWebhookPayloadSchema>;

const tag = 'Alarms';

export const webhooksApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/alarm_webhooks',
    summary: 'The environment’s alarm webhooks, each with its last delivery; never a secret (managers)',
    tag,
    bound: 'capped',
    cap: WEBHOOK_MAX_PER_ENVIRONMENT,
    access: 'user',
    capability: 'alarms.webhooks',
    answer: AlarmWebhookListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/alarm_webhooks',
    summary: 'Add an alarm webhook; its signing secret is answered this once (managers)',
    tag,
    access: 'user',
    capability: 'alarms.webhooks',
    body: AlarmWebhookCreateSchema,
    answer: AlarmWebhookCreatedSchema,
    status: 201,
    errors: [ErrorCode.ALARM_WEBHOOK_LIMIT_REACHED],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/alarm_webhooks/{id}',
    summary: 'Delete an alarm webhook (managers)',
    tag,
    access: 'user',
    capability: 'alarms.webhooks',
    answer: OkResponseSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/alarm_webhooks/{id}/test',
    summary: 'Send a test event to an alarm webhook now and answer how it went (managers)',
    tag,
    access: 'user',
    capability: 'alarms.webhooks',
    answer: AlarmWebhookTestResultSchema,
  }),
} as const;
