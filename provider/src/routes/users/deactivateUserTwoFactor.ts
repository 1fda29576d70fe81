import { API, AuditAction, AuditResource, can, auditDetail } from '@halo/shared';
import { resetTwoFactor } from '../../auth/twoFactor.js';

import { route } from '../../http/endpointRoute.js';
import { forbidden } from '../../errors/httpError.js';
import { subjectOf } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import { findReachable } from '../../http/reachable.js';

/** POST config/{env}/users/{id}/2fa/deactivate: a manager resets another user's 2FA. */
export const deactivateUserTwoFactor = route(API.users.deactivateTwoFactor, (context) => async ({ auth, params }) => {
  if (!can(subjectOf(auth), 'twoFactor.deactivateOthers')) throw forbidden();
  const user = await findReachable(context.db, 'users', auth, params.id);
  if (user.id === auth.user.id) throw forbidden('Deactivate your own 2FA from Settings with a code');
  await resetTwoFactor(context, user.id);
  await writeAudit(
    context.db,
    {
      environmentId: user.environment_id,
      userId: auth.user.id,
      username: auth.user.username,
      resource: AuditResource.TWO_FACTOR,
      action: AuditAction.DISABLE,
      name: user.username,
      detail: auditDetail('twoFactorDeactivatedByManager'),
    },
    context.now(),
  );
  return { ok: true };
});
