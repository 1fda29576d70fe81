import { API, AuditAction, AuditResource } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { auditChange, findReachable } from '../../http/reachable.js';

/** DELETE config/{env}/application_rules/{id}. */
export const deleteRule = route(API.applicationRules.remove, (context) => async ({ auth, params }) => {
  const existing = await findReachable(context.db, 'application_rules', auth, params.id);
  await context.db.deleteFrom('application_rules').where('id', '=', existing.id).execute();
  await auditChange(
    context.db,
    auth,
    { resource: AuditResource.APPLICATION_RULE, action: AuditAction.DELETE, name: existing.name },
    context.now(),
  );
  return { ok: true };
});
