import type { RequestHandler } from 'express';
import { AuditAction, AuditResource, can } from '@halo/shared';
import { resetTwoFactor } from '../../auth/twoFactor.js';
import type { ProviderContext } from '../../context.js';
import { forbidden } from '../../http/httpError.js';
import { scoped, subjectOf } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import { reachableUser } from './reachableUser.js';

/** POST config/{env}/users/{id}/2fa/deactivate: a manager resets another user's 2FA. */
export function deactivateUserTwoFactor(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const auth = scoped(request);
    if (!can(subjectOf(auth), 'twoFactor.deactivateOthers')) throw forbidden();
    const user = await reachableUser(context, request);
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
        detail: '2FA deactivated by a manager',
      },
      context.now(),
    );
    response.json({ ok: true });
  };
}
