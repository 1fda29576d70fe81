import { API, AuditAction, AuditResource, can, auditDetail } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { forbidden } from '../../errors/httpError.js';
import { subjectOf } from '../../http/tenancy.js';
import { resetTwoFactor } from '../../auth/twoFactor.js';
import { writeAudit } from '../../store/audit.js';
import { reachableEnvironment } from './reachableEnvironment.js';

/** POST config/{env}/environments/{id}/2fa/deactivate: a parent manager resets a sub-environment manager's 2FA. */
export const deactivateEnvironmentTwoFactor = route(
  API.environments.deactivateTwoFactor,
  (context) =>
    async ({ auth, params }) => {
      if (!can(subjectOf(auth), 'twoFactor.deactivateOthers')) throw forbidden();
      const environment = await reachableEnvironment(context, auth, params.id, { strictlyBelow: true });
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
          detail: manager ? auditDetail('managerTwoFactorDeactivated', { username: manager.username }) : null,
        },
        context.now(),
      );
      return { ok: true };
    },
);
