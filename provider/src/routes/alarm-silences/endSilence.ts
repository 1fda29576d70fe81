import { API, AuditAction, AuditResource } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';
import { auditChange } from '../../http/reachable.js';

/** DELETE config/{env}/alarm_silences/{id}: the silence ends now (kept, with its end moved); audited. */
export const endSilence = route(API.silences.end, (context) => async ({ auth, params }) => {
  const now = context.now();
  await context.db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('alarm_silences')
      .set({ ends_at: now })
      .where('id', '=', params.id)
      .where('environment_id', '=', auth.target.id)
      .where('ends_at', '>', now)
      .returning(['device_name', 'reason'])
      .executeTakeFirst();
    if (!ended) throw idNotFound();
    await auditChange(
      trx,
      auth,
      {
        resource: AuditResource.ALARM_SILENCE,
        action: AuditAction.DELETE,
        name: ended.device_name ?? auth.target.name,
        detail: ended.reason,
      },
      now,
    );
  });
  return { ok: true };
});
