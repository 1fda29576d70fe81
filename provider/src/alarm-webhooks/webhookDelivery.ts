import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  ErrorCode,
  OutboundFailureReason,
  outboundFailureCode,
  ValidationKey,
  WebhookHeader,
  webhookRetryDelayMs,
  webhookSignedText,
  type AlarmWebhookPayload,
  type OutboundFailure,
} from '@halo/shared';
import type { ProviderContext } from '../context.js';
import { refuse } from '../errors/httpError.js';
import { log } from '../log.js';
import { assertCallableAddress } from '../net/assertCallableAddress.js';
import { callOutbound, OutboundCallFailed, type OutboundPolicy } from '../net/outboundCall.js';
import type { AlarmWebhookRow } from '../store/schema.js';
import ipaddr from 'ipaddr.js';

/** What a receiver's log shows as the caller. */
export const WEBHOOK_USER_AGENT = 'HaloConsole-AlarmWebhook/1';

/** A new signing secret: 32 random bytes, as text a receiver pastes into its configuration. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `sha256=<hex>`: the HMAC-SHA256 of `"<timestamp>.<raw body>"` keyed with the secret's UTF-8 text. */
export const webhookSignature = (secret: string, timestamp: string, rawBody: string): string =>
  `sha256=${createHmac('sha256', secret).update(webhookSignedText(timestamp, rawBody)).digest('hex')}`;

/**
 * Refuses, when a target is added, a URL the policy would never call: an address literal the
 * rules refuse (loopback, link-local, reserved, private outside HALO_WEBHOOK_ALLOWED_NETWORKS),
 * and plain http unless the host is an address inside the networks the operator allows (an
 * on-premises relay); anything else must be https. Host names are checked on what they resolve
 * to at every delivery.
 */
export function assertWebhookUrl(field: string, url: string, policy: OutboundPolicy): void {
  const { hostname, protocol } = new URL(url);
  assertCallableAddress(field, hostname, policy);
  if (protocol === 'https:') return;
  const bare = hostname.replace(/^\[|\]$/g, '');
  const address = ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
  const inAllowedNetwork =
    address !== null &&
    policy.allowedNetworks.some((block) => {
      const [network, bits] = ipaddr.parseCIDR(block);
      return network.kind() === address.kind() && address.match(network, bits);
    });
  if (!inAllowedNetwork) {
    throw refuse(
      ErrorCode.MISSING_VALUES,
      { [field]: ValidationKey.WEBHOOK_HTTPS_REQUIRED },
      { message: `${field} must use https, unless its address is in HALO_WEBHOOK_ALLOWED_NETWORKS` },
    );
  }
}

/** How one POST went. */
export interface WebhookOutcome {
  readonly delivered: boolean;
  /** The target's HTTP status, if it answered. */
  readonly status: number | null;
  /** The failure's shared code (`refusedStatus:500`, `addressRefused:loopback` ...), if it failed. */
  readonly error: string | null;
}

/**
 * One signed POST of `content`, with a delivery id of its own, to the target under the webhook policy (addresses checked after
 * resolution, no redirect followed, a deadline over the whole exchange). Never throws: the outcome says how it went, and
 * the detail of a failure (what a name resolved to) goes to the log only.
 */
export async function postWebhook(
  context: ProviderContext,
  webhook: AlarmWebhookRow,
  content: Omit<AlarmWebhookPayload, 'delivery_id'>,
): Promise<WebhookOutcome> {
  const { version, kind, ...rest } = content;
  const deliveryId = randomUUID();
  const payload: AlarmWebhookPayload = { version, kind, delivery_id: deliveryId, ...rest };
  const rawBody = JSON.stringify(payload);
  const timestamp = String(Math.floor(context.now() / 1000));
  let failure: OutboundFailure;
  let detail: string;
  try {
    const secret = context.secrets.open(webhook.secret_sealed);
    const answer = await callOutbound(
      new URL(webhook.url),
      {
        method: 'POST',
        jsonText: rawBody,
        headers: {
          'User-Agent': WEBHOOK_USER_AGENT,
          [WebhookHeader.TIMESTAMP]: timestamp,
          [WebhookHeader.SIGNATURE]: webhookSignature(secret, timestamp, rawBody),
          [WebhookHeader.EVENT]: payload.kind,
          [WebhookHeader.WEBHOOK_ID]: String(webhook.id),
          [WebhookHeader.DELIVERY_ID]: deliveryId,
        },
        deadlineMs: context.config.alarmWebhooks.deadlineMs,
      },
      context.config.alarmWebhooks.networks,
    );
    if (answer.status >= 200 && answer.status < 300) return { delivered: true, status: answer.status, error: null };
    failure = { reason: OutboundFailureReason.REFUSED_STATUS, status: answer.status };
    detail = `answered HTTP ${answer.status}: ${answer.body.slice(0, 200)}`;
  } catch (error) {
    const failed =
      error instanceof OutboundCallFailed
        ? error
        : new OutboundCallFailed({ reason: OutboundFailureReason.UNREACHABLE }, String(error), { cause: error });
    failure = failed.failure;
    detail = failed.message;
  }
  const code = outboundFailureCode(failure);
  log.warn(
    { webhookId: webhook.id, environmentId: webhook.environment_id, reason: code, detail },
    'alarm webhook failed',
  );
  return { delivered: false, status: 'status' in failure ? failure.status : null, error: code };
}

/**
 * Keeps an attempt's outcome on the target: a delivery moves the cursor to `cursor` and clears
 * the failures; a failure keeps the cursor and sets the next attempt after the back-off. A test
 * (`cursor` null) records what happened without touching the back-off, except that a success
 * lets the job try again now.
 */
export async function recordOutcome(
  context: ProviderContext,
  webhook: AlarmWebhookRow,
  outcome: WebhookOutcome,
  now: number,
  cursor: { readonly revision: number; readonly alarmId: number } | null,
): Promise<void> {
  const last = { last_attempt_at: now, last_status: outcome.status, last_error: outcome.error };
  const attempts = webhook.attempts + 1;
  const columns =
    cursor === null
      ? outcome.delivered
        ? { ...last, last_delivered_at: now, next_attempt_at: null }
        : last
      : outcome.delivered
        ? {
            ...last,
            last_delivered_at: now,
            attempts: 0,
            next_attempt_at: null,
            cursor_revision: cursor.revision,
            cursor_alarm_id: cursor.alarmId,
          }
        : { ...last, attempts, next_attempt_at: now + webhookRetryDelayMs(attempts) };
  await context.db.updateTable('alarm_webhooks').set(columns).where('id', '=', webhook.id).execute();
}
