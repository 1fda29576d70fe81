import {
  OutboundFailureReason,
  outboundFailureCode,
  parseOutboundFailure,
  Severity,
  type AlarmWebhook,
} from '@halo/shared';
import type { Kysely } from 'kysely';
import type { AlarmWebhookRow, Database } from '../store/schema.js';

const isoOrNull = (time: number | string | null) => (time === null ? null : new Date(Number(time)).toISOString());

const minSeverityOf = (value: number): AlarmWebhook['min_severity'] =>
  value === Severity.CRITICAL ? Severity.CRITICAL : value === Severity.MAJOR ? Severity.MAJOR : Severity.MINOR;

/** A target as answered: its last delivery, never its secret (nor the cursor, which is the job's). */
export const webhookView = (row: AlarmWebhookRow): AlarmWebhook => ({
  id: row.id,
  environment_id: row.environment_id,
  name: row.name,
  url: row.url,
  min_severity: minSeverityOf(row.min_severity),
  created_by: row.created_by,
  created_at: new Date(Number(row.created_at)).toISOString(),
  last_attempt_at: isoOrNull(row.last_attempt_at),
  last_status: row.last_status,
  // Re-encoded from what was stored, so only a code the web knows goes out.
  last_error:
    row.last_error === null
      ? null
      : outboundFailureCode(parseOutboundFailure(row.last_error) ?? { reason: OutboundFailureReason.UNREACHABLE }),
  last_delivered_at: isoOrNull(row.last_delivered_at),
  attempts: row.attempts,
  next_attempt_at: isoOrNull(row.next_attempt_at),
});

/** The target `id` of the environment, if it is one of its. */
export const findWebhook = (db: Kysely<Database>, environmentId: number, id: number) =>
  db
    .selectFrom('alarm_webhooks')
    .selectAll()
    .where('environment_id', '=', environmentId)
    .where('id', '=', id)
    .executeTakeFirst();
