import type { RequestHandler } from 'express';
import { AuditAction, AuditResource, SessionEndReason } from '@halo/shared';
import { endUserSessions } from '../../auth/sessions.js';
import type { ProviderContext } from '../../context.js';
import { forbidden } from '../../http/httpError.js';
import { scoped } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import { reachableUser } from './reachableUser.js';

/** DELETE config/{env}/users/{id}: never the environment manager, never yourself. */
export function deleteUser(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const auth = scoped(request);
    const existing = await reachableUser(context, request);
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
    response.json({ ok: true });
  };
}
