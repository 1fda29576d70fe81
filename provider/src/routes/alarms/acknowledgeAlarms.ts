import { API, AuditAction, AuditResource, isLimitedToAllowedDevices } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { acknowledgeAlarms as acknowledge } from '../../store/alarms.js';
import { auditChanges } from '../../http/reachable.js';
import { subjectOf } from '../../http/tenancy.js';

/**
 * POST config/{env}/alarms/acknowledge {ids, note}: acknowledges those of the environment's
 * alarms nobody has, each with an audit entry (the device's name, the note as detail), all in
 * one transaction; answers which were acknowledged, which were already and which are not here
 * (or, to a user whose device writes reach only his allowed devices, of a device beyond them:
 * told apart from absent ones they would tell him what he may not reach).
 */
export const acknowledgeAlarms = route(API.alarms.acknowledge, (context) => async ({ auth, body }) => {
  const now = context.now();
  const note = body.note ? body.note : null;
  const outcome = await context.db.transaction().execute(async (trx) => {
    const done = await acknowledge(
      trx,
      auth.target.id,
      body.ids,
      {
        userId: auth.user.id,
        username: auth.user.username,
        limitedToAllowedDevices: isLimitedToAllowedDevices(subjectOf(auth)),
      },
      note,
      now,
    );
    // Their audit rows written together: a call may acknowledge 1,000.
    await auditChanges(
      trx,
      auth,
      done.acknowledged.map((alarm) => ({
        resource: AuditResource.ALARM,
        action: AuditAction.ACKNOWLEDGE,
        name: alarm.deviceName,
        detail: note,
      })),
      now,
    );
    return done;
  });
  return {
    acknowledged: outcome.acknowledged.map((alarm) => alarm.id),
    already_acknowledged: [...outcome.alreadyAcknowledged],
    not_found: [...outcome.notFound],
  };
});
