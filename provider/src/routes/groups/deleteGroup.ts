import { API, AuditAction, AuditResource } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { auditChange, findReachable } from '../../http/reachable.js';

/** DELETE config/{env}/groups/{id}. */
export const deleteGroup = route(API.groups.remove, (context) => async ({ auth, params }) => {
  const existing = await findReachable(context.db, 'groups', auth, params.id);
  await context.db.deleteFrom('groups').where('id', '=', existing.id).execute();
  await auditChange(
    context.db,
    auth,
    { resource: AuditResource.GROUP, action: AuditAction.DELETE, name: existing.name },
    context.now(),
  );
  return { ok: true };
});
