import { API, AuditAction, AuditResource } from '@halo/shared';
import { assertCollectionRoom } from '../../store/collectionCaps.js';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';
import { silenceView } from '../../store/alarmSilences.js';
import type { AlarmSilenceRow } from '../../store/schema.js';
import { keptToEnvironment } from '../../store/keptToEnvironment.js';
import { auditChanges } from '../../http/reachable.js';
import { forEachSlice } from '../../loopTurns.js';

/** Silences per INSERT (12 columns each, well under either database's bound-parameter limit) and per turn of the loop. */
const SILENCES_PER_STATEMENT = 200;

/**
 * POST config/{env}/alarm_silences {scope, device_ids?, group_ids?, starts_at?, duration_minutes, reason}:
 * the whole environment, each named device of it, or each named group of it (a device or group
 * of another environment refuses the whole call, 404), silenced for the window; each silence
 * audited; all in one transaction, a few statements.
 */
export const createSilences = route(API.silences.create, (context) => async ({ auth, body }) => {
  const now = context.now();
  const startsAt = body.starts_at ? Math.max(now, Date.parse(body.starts_at)) : now;
  const endsAt = startsAt + body.duration_minutes * 60_000;
  const deviceIds = [...new Set(body.device_ids ?? [])];
  const groupIds = [...new Set(body.group_ids ?? [])];
  const rows = await context.db.transaction().execute(async (trx) => {
    const devices =
      deviceIds.length === 0
        ? []
        : await trx
            .selectFrom('devices')
            .select(['id', 'name'])
            .where('id', 'in', deviceIds)
            .where(keptToEnvironment(auth.target.id))
            .execute();
    const groups =
      groupIds.length === 0
        ? []
        : await trx
            .selectFrom('groups')
            .select(['id', 'name'])
            .where('environment_id', '=', auth.target.id)
            .where('id', 'in', groupIds)
            .execute();
    if (devices.length !== deviceIds.length || groups.length !== groupIds.length) throw idNotFound();
    type Named = { readonly id: number; readonly name: string } | null;
    const targets: readonly { readonly device: Named; readonly group: Named }[] =
      body.scope === 'environment'
        ? [{ device: null, group: null }]
        : body.scope === 'group'
          ? groups.map((group) => ({ device: null, group }))
          : devices.map((device) => ({ device, group: null }));
    await assertCollectionRoom(
      'silences',
      trx.selectFrom('alarm_silences').where('environment_id', '=', auth.target.id).where('ends_at', '>', now),
      targets.length,
    );
    // A call may name 1,000 devices: its silences and their audit rows go in slices, a statement
    // for each and a turn of the loop between two (one transaction still: all or nothing).
    const created: AlarmSilenceRow[] = [];
    await forEachSlice(targets, SILENCES_PER_STATEMENT, async (slice) => {
      const values = slice.map(({ device, group }) => ({
        environment_id: auth.target.id,
        scope: body.scope,
        device_id: device?.id ?? null,
        device_name: device?.name ?? null,
        group_id: group?.id ?? null,
        group_name: group?.name ?? null,
        reason: body.reason,
        starts_at: startsAt,
        ends_at: endsAt,
        created_by_user_id: auth.user.id,
        created_by: auth.user.username,
        created_at: now,
      }));
      created.push(...(await trx.insertInto('alarm_silences').values(values).returningAll().execute()));
      await auditChanges(
        trx,
        auth,
        slice.map(({ device, group }) => ({
          resource: AuditResource.ALARM_SILENCE,
          action: AuditAction.CREATE,
          name: device?.name ?? group?.name ?? auth.target.name,
          detail: body.reason,
        })),
        now,
      );
    });
    return created;
  });
  // Set from the caller's own environment: his to end.
  return { silences: rows.map((row) => silenceView(row, true)) };
});
