import { API, AuditAction, AuditResource } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';
import { silenceView } from '../../store/alarmSilences.js';
import { auditChange } from '../../http/reachable.js';

/**
 * POST config/{env}/alarm_silences {scope, device_ids?, starts_at?, duration_minutes, reason}:
 * the whole environment, or each named device of it (a device of another environment refuses
 * the whole call, 404), silenced for the window; each silence audited; all in one transaction.
 */
export const createSilences = route(API.silences.create, (context) => async ({ auth, body }) => {
  const now = context.now();
  const startsAt = body.starts_at ? Math.max(now, Date.parse(body.starts_at)) : now;
  const endsAt = startsAt + body.duration_minutes * 60_000;
  const deviceIds = [...new Set(body.device_ids ?? [])];
  const rows = await context.db.transaction().execute(async (trx) => {
    const devices =
      deviceIds.length === 0
        ? []
        : await trx
            .selectFrom('devices')
            .select(['id', 'name'])
            .where('environment_id', '=', auth.target.id)
            .where('id', 'in', deviceIds)
            .execute();
    if (devices.length !== deviceIds.length) throw idNotFound();
    const targets = body.scope === 'environment' ? [null] : devices;
    const created = [];
    for (const device of targets) {
      const row = await trx
        .insertInto('alarm_silences')
        .values({
          environment_id: auth.target.id,
          scope: body.scope,
          device_id: device?.id ?? null,
          device_name: device?.name ?? null,
          reason: body.reason,
          starts_at: startsAt,
          ends_at: endsAt,
          created_by_user_id: auth.user.id,
          created_by: auth.user.username,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      created.push(row);
      await auditChange(
        trx,
        auth,
        {
          resource: AuditResource.ALARM_SILENCE,
          action: AuditAction.CREATE,
          name: device?.name ?? auth.target.name,
          detail: body.reason,
        },
        now,
      );
    }
    return created;
  });
  return { silences: rows.map(silenceView) };
});
