import {
  ROUTES,
  SEVERITY_NAMES,
  WEBHOOK_BATCH_MAX,
  WEBHOOK_PAYLOAD_VERSION,
  type AlarmWebhookEvent,
  type AlarmWebhookPayload,
} from '@halo/shared';
import { postWebhook, recordOutcome } from '../alarm-webhooks/webhookDelivery.js';
import type { ProviderContext } from '../context.js';
import { isSilenced, silencesInForce } from '../store/alarmSilences.js';
import { revisionOf, selectCurrentRevision } from '../store/revisions.js';
import type { AlarmWebhookRow } from '../store/schema.js';

/**
 * Alarm webhooks (issue 27), a scheduled job: each target that is due hears, in one signed POST,
 * of the alarms of its environment and those below it that opened, changed or cleared since its
 * last delivery, at or above its severity and not silenced (planned maintenance notifies nobody),
 * at most WEBHOOK_BATCH_MAX of them (the rest go in the next run's). Where a target stands is
 * its cursor: the last alarm change delivered, as (revision, id). A delivery the target takes
 * (2xx) moves it; anything else keeps it and tries again after a back-off (webhookRetryDelayMs),
 * so nothing is lost while a target is down.
 */

/** Targets called at once: a slow one does not hold the others for its whole time-out. */
const PARALLEL_TARGETS = 8;

interface EnvironmentNode {
  readonly id: number;
  readonly parent_id: number | null;
  readonly name: string;
}

/** Each environment with those below it. */
function reachOf(environments: readonly EnvironmentNode[]): (id: number) => number[] {
  const children = new Map<number, number[]>();
  for (const environment of environments) {
    if (environment.parent_id === null) continue;
    children.set(environment.parent_id, [...(children.get(environment.parent_id) ?? []), environment.id]);
  }
  return (root) => {
    const found = new Set<number>();
    const stack = [root];
    while (stack.length > 0) {
      const id = stack.pop() ?? root;
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return [...found];
  };
}

const iso = (time: number | string) => new Date(Number(time)).toISOString();

/** The alarm changes after the target's cursor, oldest first; with the revision handed out last, read in one snapshot. */
function changesAfter(context: ProviderContext, webhook: AlarmWebhookRow, environmentIds: readonly number[]) {
  const cursorRevision = Number(webhook.cursor_revision);
  const changes = context.db
    .selectFrom('alarms')
    .select([
      'id',
      'environment_id',
      'device_id',
      'device_name',
      'device_attribute_type',
      'severity',
      'peak_severity',
      'last_value',
      'breach_count',
      'opened_at',
      'last_breach_at',
      'cleared_at',
      'acknowledged_at',
      'acknowledged_by',
      'revision',
    ])
    .where('environment_id', 'in', environmentIds)
    // (revision, 0): that revision whole was delivered; (revision, id): up to that id of it.
    .where((eb) =>
      webhook.cursor_alarm_id === 0
        ? eb('revision', '>', cursorRevision)
        : eb.or([
            eb('revision', '>', cursorRevision),
            eb.and([eb('revision', '=', cursorRevision), eb('id', '>', webhook.cursor_alarm_id)]),
          ]),
    )
    .where('severity', '>=', webhook.min_severity)
    .orderBy('revision')
    .orderBy('id')
    .limit(WEBHOOK_BATCH_MAX)
    .compile();
  // Many rows in a storm: read off the loop that serves everyone (as the alarm mail's read).
  return context.reads
    .begin('page', new AbortController().signal)
    .snapshot([selectCurrentRevision(context.db).compile(), changes] as const);
}

/**
 * One target's turn: its changes sent (or nothing, when none is left after the severity and
 * the silences) and the outcome kept. Answers whether a POST was made.
 */
async function deliverTo(
  context: ProviderContext,
  webhook: AlarmWebhookRow,
  environments: ReadonlyMap<number, EnvironmentNode>,
  reach: (id: number) => number[],
  now: number,
): Promise<boolean> {
  const environmentIds = reach(webhook.environment_id);
  const [revisionRows, rows] = await changesAfter(context, webhook, environmentIds);
  const last = rows.at(-1);
  // A batch short of the cap is everything up to the revision read with it (revisions become
  // visible in order, revisions.ts): the cursor passes over the changes the filters left out,
  // so the next run does not read them again. A whole revision is (revision, 0); part of one,
  // up to an id.
  const cursor =
    rows.length < WEBHOOK_BATCH_MAX
      ? {
          revision: Math.max(revisionOf(revisionRows), Number(last?.revision ?? 0), Number(webhook.cursor_revision)),
          alarmId: 0,
        }
      : { revision: Number(last?.revision ?? webhook.cursor_revision), alarmId: last?.id ?? webhook.cursor_alarm_id };
  const sameCursor = cursor.revision === Number(webhook.cursor_revision) && cursor.alarmId === webhook.cursor_alarm_id;
  const silences = await silencesInForce(context.db, [...new Set(rows.map((row) => row.environment_id))], now);
  const sent = rows.filter(
    (row) => !isSilenced(silences, { environmentId: row.environment_id, deviceId: row.device_id }, now),
  );
  if (sent.length === 0) {
    if (!sameCursor) {
      await context.db
        .updateTable('alarm_webhooks')
        .set({ cursor_revision: cursor.revision, cursor_alarm_id: cursor.alarmId })
        .where('id', '=', webhook.id)
        // Not if a delivery moved it meanwhile (two runs never overlap; this is belt and braces).
        .where('cursor_revision', '=', webhook.cursor_revision)
        .where('cursor_alarm_id', '=', webhook.cursor_alarm_id)
        .execute();
    }
    return false;
  }
  const events: AlarmWebhookEvent[] = sent.map((row) => ({
    alarm_id: row.id,
    environment_id: row.environment_id,
    device_id: row.device_id,
    device_name: row.device_name,
    attribute_type: row.device_attribute_type,
    severity: row.severity,
    severity_name: SEVERITY_NAMES[row.severity] ?? 'normal',
    peak_severity: row.peak_severity,
    state: row.cleared_at === null ? 'active' : 'cleared',
    acknowledged: row.acknowledged_at !== null,
    acknowledged_by: row.acknowledged_by,
    last_value: row.last_value,
    breach_count: row.breach_count,
    opened_at: iso(row.opened_at),
    last_breach_at: iso(row.last_breach_at),
    cleared_at: row.cleared_at === null ? null : iso(row.cleared_at),
    link: alarmLink(context, row.device_name),
  }));
  const payload: AlarmWebhookPayload = {
    version: WEBHOOK_PAYLOAD_VERSION,
    kind: 'alarms',
    webhook_id: webhook.id,
    environment: { id: webhook.environment_id, name: environments.get(webhook.environment_id)?.name ?? '' },
    sent_at: new Date(now).toISOString(),
    events,
  };
  const outcome = await postWebhook(context, webhook, payload);
  await recordOutcome(context, webhook, outcome, now, cursor);
  return true;
}

/** The console's Alarms screen, filtered to the device. */
export const alarmLink = (context: ProviderContext, deviceName: string): string =>
  `${context.config.publicUrl}${ROUTES.alarms}?device=${encodeURIComponent(deviceName)}`;

/** One run: every due target's turn. Answers how many POSTs were made. */
export async function deliverAlarmWebhooks(context: ProviderContext): Promise<number> {
  const now = context.now();
  const due = await context.db
    .selectFrom('alarm_webhooks')
    .selectAll()
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .orderBy('id')
    .execute();
  if (due.length === 0) return 0;
  const environments = await context.db.selectFrom('environments').select(['id', 'parent_id', 'name']).execute();
  const byId = new Map(environments.map((environment) => [environment.id, environment]));
  const reach = reachOf(environments);
  let posts = 0;
  for (let start = 0; start < due.length; start += PARALLEL_TARGETS) {
    const turns = await Promise.all(
      due.slice(start, start + PARALLEL_TARGETS).map((webhook) => deliverTo(context, webhook, byId, reach, now)),
    );
    posts += turns.filter(Boolean).length;
  }
  return posts;
}
