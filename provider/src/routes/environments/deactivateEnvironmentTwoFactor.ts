import type { RequestHandler } from 'express';
import { AuditAction, AuditResource, can } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { forbidden } from '../../http/httpError.js';
import { scoped, subjectOf } from '../../http/tenancy.js';
import { resetTwoFactor } from '../../auth/twoFactor.js';
import { writeAudit } from '../../store/audit.js';
import { reachableEnvironment } from './reachableEnvironment.js';

/** POST config/{env}/environments/{id}/2fa/deactivate: a parent manager resets a sub-environment manager's 2FA. */
export function deactivateEnvironmentTwoFactor(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const auth = scoped(request);
    if (!can(subjectOf(auth), 'twoFactor.deactivateOthers')) throw forbidden();
    const environment = await reachableEnvironment(context, request, { strictlyBelow: true });
    const manager = await context.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('environment_id', '=', environment.id)
      .where('environment_manager', '=', 1)
      .executeTakeFirst();
    if (manager) await resetTwoFactor(context, manager.id);
    await writeAudit(
      context.db,
      {
        environmentId: auth.user.environment_id,
        userId: auth.user.id,
        username: auth.user.username,
        resource: AuditResource.TWO_FACTOR,
        action: AuditAction.DISABLE,
        name: environment.name,
        detail: manager ? `2FA of ${manager.username} deactivated` : null,
      },
      context.now(),
    );
    response.json({ ok: true });
  };
}
