import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { webhookView } from '../../alarm-webhooks/webhookView.js';

/** GET config/{env}/alarm_webhooks: the environment's targets, oldest first, each with its last delivery; never a secret. */
export const listWebhooks = route(API.webhooks.list, (context) => async ({ auth: { target } }) => {
  const rows = await context.db
    .selectFrom('alarm_webhooks')
    .selectAll()
    .where('environment_id', '=', target.id)
    .orderBy('id')
    .execute();
  return { webhooks: rows.map(webhookView) };
});
