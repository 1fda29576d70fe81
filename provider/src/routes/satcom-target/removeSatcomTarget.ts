import { API, AuditAction, AuditResource } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { auditChange } from '../../http/reachable.js';
import { idNotFound } from '../../http/tenancy.js';
import { findSatcomTarget } from '../../satcom/satcomTargetView.js';

/** DELETE config/{env}/satcom_target: forwarding stops (link status disabled) and the key is forgotten. */
export const removeSatcomTarget = route(API.satcom.removeTarget, (context) => async ({ auth }) => {
  const existing = await findSatcomTarget(context.db, auth.target.id);
  if (!existing) throw idNotFound();
  await context.db.deleteFrom('satcom_targets').where('environment_id', '=', auth.target.id).execute();
  await auditChange(
    context.db,
    auth,
    { resource: AuditResource.SATCOM_TARGET, action: AuditAction.DELETE, name: existing.url },
    context.now(),
  );
  return { ok: true };
});
