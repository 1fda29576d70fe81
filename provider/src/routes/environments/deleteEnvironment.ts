import { API, AuditAction, AuditResource, SessionEndReason, auditDetail } from '@halo/shared';
import { endUserSessions } from '../../auth/sessions.js';

import { route } from '../../http/endpointRoute.js';
import { descendantsOf } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import { reachableEnvironment } from './reachableEnvironment.js';

/** DELETE config/{env}/environments/{id}: an environment below {env}, with everything below it. */
export const deleteEnvironment = route(API.environments.remove, (context) => async ({ auth, params }) => {
  const { user: actor } = auth;
  const environment = await reachableEnvironment(context, auth, params.id, { strictlyBelow: true });
  const doomed = [environment.id, ...(await descendantsOf(context.db, environment.id)).map((row) => row.id)];
  const users = await context.db.selectFrom('users').select('id').where('environment_id', 'in', doomed).execute();
  for (const user of users) await endUserSessions(context, user.id, SessionEndReason.DELETED);
  const now = context.now();
  await context.db.transaction().execute(async (trx) => {
    // Children first, so the delete does not rely on cascading foreign keys.
    for (const id of [...doomed].reverse()) await trx.deleteFrom('environments').where('id', '=', id).execute();
    await writeAudit(
      trx,
      {
        environmentId: actor.environment_id,
        userId: actor.id,
        username: actor.username,
        resource: AuditResource.ENVIRONMENT,
        action: AuditAction.DELETE,
        name: environment.name,
        detail: doomed.length > 1 ? auditDetail('environmentsBelow', { count: doomed.length - 1 }) : null,
      },
      now,
    );
  });
  return { ok: true };
});
