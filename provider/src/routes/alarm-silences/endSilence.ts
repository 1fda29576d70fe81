import { API, AuditAction, AuditResource } from '@halo/shared';
import { forbidden } from '../../errors/httpError.js';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';
import { auditChange } from '../../http/reachable.js';
import { mayEndSilences, silencesWithSetter } from './silenceOwnership.js';

/**
 * DELETE config/{env}/alarm_silences/{id}: the silence ends now (kept, with its end moved); audited.
 * One set from an environment above the caller's is refused 403 (silenceOwnership.ts): the
 * caller lists it (may_end false), so it is no secret.
 */
export const endSilence = route(API.silences.end, (context) => async ({ auth, params }) => {
  const now = context.now();
  await context.db.transaction().execute(async (trx) => {
    const silence = await silencesWithSetter(trx, auth)
      .where('alarm_silences.id', '=', params.id)
      .where('alarm_silences.ends_at', '>', now)
      .executeTakeFirst();
    if (!silence) throw idNotFound();
    const mayEnd = await mayEndSilences(trx, auth);
    if (!mayEnd(silence)) {
      throw forbidden('This silence was set from an environment above yours: it can be ended only there');
    }
    // Ended meanwhile by someone else: not there any more, as for a second end.
    const ended = await trx
      .updateTable('alarm_silences')
      .set({ ends_at: now })
      .where('id', '=', silence.id)
      .where('ends_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!ended) throw idNotFound();
    await auditChange(
      trx,
      auth,
      {
        resource: AuditResource.ALARM_SILENCE,
        action: AuditAction.DELETE,
        name: silence.device_name ?? auth.target.name,
        detail: silence.reason,
      },
      now,
    );
  });
  return { ok: true };
});
