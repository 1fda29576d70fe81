import {
  ROUTES,
  SEVERITY_NAMES,
  SILENCE_NOTICES_MAX,
  WEBHOOK_BATCH_MAX,
  WEBHOOK_PAYLOAD_VERSION,
  type AlarmWebhookEvent,
  type AlarmWebhookPayload,
} from '@halo/shared';
import { postWebhook, recordOutcome } from '../alarm-webhooks/webhookDelivery.js';
import type { ProviderContext } from '../context.js';
import { tenantsAmong } from '../store/environments.js';
import {
  silencedBy,
  silenceNoticesOf,
  silencesBinding,
  silencesInForce,
  type SilenceInForce,
} from '../store/alarmSilences.js';
import { chainOfEnvironments } from './alarmRecipients.js';
import { deviceConnectionColumns, isStale } from '../store/alarms.js';
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
    .select(deviceConnectionColumns)
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
  chain: (id: number) => ReadonlySet<number>,
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
  // The silences set from the webhook's environment or above bind it; a child's own do not (alarmsReaching).
  const silences = await silencesInForce(context.db, [...new Set(rows.map((row) => row.environment_id))], now);
  const binding = silencesBinding(silences, chain(webhook.environment_id));
  const isSilenced = silencedBy(binding, now);
  const silenced = (row: (typeof rows)[number]) =>
    isSilenced({ environmentId: row.environment_id, deviceId: row.device_id });
  const sent = rows.filter((row) => !silenced(row));
  if (sent.length === 0) {
    if (!sameCursor) {
      await context.db
        .updateTable('alarm_webhooks')
        .set({ cursor_revision: cursor.revision, cursor_alarm_id: cursor.alarmId })
        .where('id', '=', webhook.id)
        // Not if a delivery moved it meanwhile (a target's deliveries never overlap, its lane; belt and braces).
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
    stale: isStale(row),
    link: alarmLink(context, row.device_name),
  }));
  const payload: Omit<AlarmWebhookPayload, 'delivery_id'> = {
    version: WEBHOOK_PAYLOAD_VERSION,
    kind: 'alarms',
    webhook_id: webhook.id,
    environment: { id: webhook.environment_id, name: environments.get(webhook.environment_id)?.name ?? '' },
    sent_at: new Date(now).toISOString(),
    events,
    held_back: heldBack(binding, rows.filter(silenced), now),
  };
  const outcome = await postWebhook(context, webhook, payload);
  await recordOutcome(context, webhook, outcome, now, cursor);
  return true;
}

/** The held-back part of a payload: how many changes silences held, and which silences held them. */
function heldBack(
  binding: readonly SilenceInForce[],
  held: readonly { readonly environment_id: number; readonly device_id: number }[],
  now: number,
): AlarmWebhookPayload['held_back'] {
  const holding = binding.filter((silence) => {
    const covers = silencedBy([silence], now);
    return held.some((row) => covers({ environmentId: row.environment_id, deviceId: row.device_id }));
  });
  return {
    count: held.length,
    silences: silenceNoticesOf(holding).slice(0, SILENCE_NOTICES_MAX),
    silences_total: holding.length,
  };
}

/** The console's Alarms screen, filtered to the device. */
export const alarmLink = (context: ProviderContext, deviceName: string): string =>
  `${context.consoleAddress.forEveryone()}${ROUTES.alarms}?device=${encodeURIComponent(deviceName)}`;

/** The targets' lanes among the deliveries' (net/deliveryLanes.ts). */
const laneOf = (webhookId: number) => `alarm-webhook:${webhookId}`;

/**
 * One run: every due target's delivery started in its own lane (net/deliveryLanes.ts), a
 * tenant's share of them capped; a target still delivering (or waiting for room) since an
 * earlier run is left to that one, so its deliveries queue behind its own only and a slow one
 * holds no other target and no later run. Answers the deliveries started, each resolving with
 * whether it made a POST; the scheduled job does not wait for them.
 */
export async function startAlarmWebhooks(context: ProviderContext): Promise<Promise<boolean>[]> {
  const now = context.now();
  const due = await context.db
    .selectFrom('alarm_webhooks')
    .select(['id', 'environment_id'])
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .orderBy('id')
    .execute();
  const waiting = due.filter((webhook) => !context.deliveries.holds(laneOf(webhook.id)));
  if (waiting.length === 0) return [];
  const environments = await context.db.selectFrom('environments').select(['id', 'parent_id', 'name']).execute();
  const byId = new Map(environments.map((environment) => [environment.id, environment]));
  const reach = reachOf(environments);
  const chain = chainOfEnvironments(environments);
  const tenantOf = tenantsAmong(environments);
  return waiting.map(({ id, environment_id: environmentId }) =>
    context.deliveries.run(tenantOf(environmentId), laneOf(id), async () => {
      // Read as its turn comes: it may have waited for room, been delivered by a test, or deleted.
      const at = context.now();
      const webhook = await context.db.selectFrom('alarm_webhooks').selectAll().where('id', '=', id).executeTakeFirst();
      if (!webhook || (webhook.next_attempt_at !== null && Number(webhook.next_attempt_at) > at)) return false;
      return deliverTo(context, webhook, byId, reach, chain, at);
    }),
  );
}

/** One run, waited for: answers how many POSTs were made. */
export async function deliverAlarmWebhooks(context: ProviderContext): Promise<number> {
  const turns = await Promise.all(await startAlarmWebhooks(context));
  return turns.filter(Boolean).length;
}
