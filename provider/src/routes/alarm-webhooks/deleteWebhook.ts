import { API, AuditAction, AuditResource, webhookAddressForAudit } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { auditChange } from '../../http/reachable.js';
import { idNotFound } from '../../http/tenancy.js';

/** DELETE config/{env}/alarm_webhooks/{id}: the target and its secret are gone (another environment's id: 404); audited. */
export const deleteWebhook = route(API.webhooks.remove, (context) => async ({ auth, params }) => {
  const now = context.now();
  await context.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('alarm_webhooks')
      .where('id', '=', params.id)
      .where('environment_id', '=', auth.target.id)
      .returning(['name', 'url'])
      .executeTakeFirst();
    if (!deleted) throw idNotFound();
    await auditChange(
      trx,
      auth,
      {
        resource: AuditResource.ALARM_WEBHOOK,
        action: AuditAction.DELETE,
        name: deleted.name,
        detail: webhookAddressForAudit(deleted.url),
      },
      now,
    );
  });
  return { ok: true };
});
