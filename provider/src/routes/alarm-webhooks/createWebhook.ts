import {
  API,
  AuditAction,
  AuditResource,
  ErrorCode,
  WEBHOOK_MAX_PER_ENVIRONMENT,
  webhookAddressForAudit,
} from '@halo/shared';
import { assertWebhookUrl, newWebhookSecret } from '../../alarm-webhooks/webhookDelivery.js';
import { webhookView } from '../../alarm-webhooks/webhookView.js';
import { refuse } from '../../errors/httpError.js';
import { route } from '../../http/endpointRoute.js';
import { auditChange } from '../../http/reachable.js';
import { currentRevision } from '../../store/revisions.js';

/**
 * POST config/{env}/alarm_webhooks {name, url, min_severity}: a new target, at an address the
 * webhook policy calls (https, or http inside HALO_WEBHOOK_ALLOWED_NETWORKS), with a signing
 * secret made here, sealed at rest and answered this once. It hears of the alarm changes from
 * now on. At most WEBHOOK_MAX_PER_ENVIRONMENT per environment; audited.
 */
export const createWebhook = route(API.webhooks.create, (context) => async ({ auth, body }) => {
  assertWebhookUrl('url', body.url, context.config.alarmWebhooks.networks);
  const now = context.now();
  const secret = newWebhookSecret();
  const row = await context.db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('alarm_webhooks')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('environment_id', '=', auth.target.id)
      .executeTakeFirstOrThrow();
    if (Number(held.count) >= WEBHOOK_MAX_PER_ENVIRONMENT) {
      throw refuse(ErrorCode.ALARM_WEBHOOK_LIMIT_REACHED, { limit: WEBHOOK_MAX_PER_ENVIRONMENT });
    }
    const created = await trx
      .insertInto('alarm_webhooks')
      .values({
        environment_id: auth.target.id,
        name: body.name,
        url: body.url,
        secret_sealed: context.secrets.seal(secret),
        min_severity: body.min_severity,
        created_by_user_id: auth.user.id,
        created_by: auth.user.username,
        created_at: now,
        cursor_revision: await currentRevision(trx),
        cursor_alarm_id: 0,
        attempts: 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditChange(
      trx,
      auth,
      {
        resource: AuditResource.ALARM_WEBHOOK,
        action: AuditAction.CREATE,
        name: body.name,
        detail: webhookAddressForAudit(body.url),
      },
      now,
    );
    return created;
  });
  return { webhook: webhookView(row), secret };
});
