import { API, AuditAction, AuditResource, SessionEndReason } from '@halo/shared';
import { endUserSessions } from '../../auth/sessions.js';

import { route } from '../../http/endpointRoute.js';
import { forbidden } from '../../errors/httpError.js';

import { writeAudit } from '../../store/audit.js';
import { findReachable } from '../../http/reachable.js';

/** DELETE config/{env}/users/{id}: never the environment manager, never yourself. */
export const deleteUser = route(API.users.remove, (context) => async ({ auth, params }) => {
  const existing = await findReachable(context.db, 'users', auth, params.id);
  if (existing.environment_manager === 1) throw forbidden('The environment manager cannot be deleted');
  if (existing.id === auth.user.id) throw forbidden('You cannot delete yourself');
  await endUserSessions(context, existing.id, SessionEndReason.DELETED);
  const now = context.now();
  await context.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('users').where('id', '=', existing.id).execute();
    await writeAudit(
      trx,
      {
        environmentId: existing.environment_id,
        userId: auth.user.id,
        username: auth.user.username,
        resource: AuditResource.USER,
        action: AuditAction.DELETE,
        name: existing.username,
      },
      now,
    );
  });
  return { ok: true };
});
