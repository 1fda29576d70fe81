import { API, WEBHOOK_PAYLOAD_VERSION } from '@halo/shared';
import { postWebhook, recordOutcome } from '../../alarm-webhooks/webhookDelivery.js';
import { findWebhook, webhookView } from '../../alarm-webhooks/webhookView.js';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';

/**
 * POST config/{env}/alarm_webhooks/{id}/test: a signed delivery of kind `test` (no events) sent
 * now, answered with how it went and kept as the target's last attempt. It moves no cursor and
 * counts no failure; a success lets the job try a target waiting out a back-off at once.
 */
export const testWebhook = route(API.webhooks.test, (context) => async ({ auth, params }) => {
  const webhook = await findWebhook(context.db, auth.target.id, params.id);
  if (!webhook) throw idNotFound();
  const now = context.now();
  const outcome = await postWebhook(context, webhook, {
    version: WEBHOOK_PAYLOAD_VERSION,
    kind: 'test',
    webhook_id: webhook.id,
    environment: { id: auth.target.id, name: auth.target.name },
    sent_at: new Date(now).toISOString(),
    events: [],
    held_back: { count: 0, silences: [], silences_total: 0 },
  });
  await recordOutcome(context, webhook, outcome, now, null);
  const after = await findWebhook(context.db, auth.target.id, params.id);
  return { ...outcome, webhook: webhookView(after ?? webhook) };
});
