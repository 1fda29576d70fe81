import { API, AuditAction, AuditResource, ErrorCode, auditDetail } from '@halo/shared';
import { hashPassword } from '../../auth/passwords.js';

import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { assertCaServerAddressAllowed } from './caServerAddress.js';

import { environmentNameExists, isUniqueViolation } from '../../store/uniqueness.js';
import { writeAudit } from '../../store/audit.js';
import { environmentView } from './environmentView.js';
import { grantableFeatures } from './grantFeatures.js';
import { storedFeatures } from '../../store/environmentFeatures.js';
import { insertEnvironmentWithManager } from '../../store/environments.js';
import { assertEnvironmentFits } from './environmentLimit.js';

/**
 * POST config/{env}/environments: a sub-environment of {env} and its manager user. Error 21 when
 * {env}'s tenant has as many environments below it as it may (environmentLimit.ts).
 */
export const createEnvironment = route(API.environments.create, (context) => async ({ auth, body: input }) => {
  const { target, user: actor } = auth;
  const { dialect, config } = context;
  assertCaServerAddressAllowed(context, input.ca_server_address);
  if (await environmentNameExists(context.db, input.environment_name)) throw environmentNameExists.error();
  const features = input.enabled_feature_ids?.length ? grantableFeatures(auth, target, input.enabled_feature_ids) : [];
  // Told before the password's hash is paid for; counted again where it is written.
  await assertEnvironmentFits(context.db, target.id, config.tenantMaxEnvironments);
  const passwordHash = await hashPassword(input.password);
  const now = context.now();
  try {
    const created = await context.db.transaction().execute(async (trx) => {
      await assertEnvironmentFits(trx, target.id, config.tenantMaxEnvironments, dialect);
      const { environment } = await insertEnvironmentWithManager(
        trx,
        {
          environment: {
            name: input.environment_name,
            parent_id: target.id,
            description: input.description ?? null,
            ca_server_address: input.ca_server_address ?? null,
            realm_type: target.realm_type,
            enabled_feature_ids: storedFeatures(features),
          },
          manager: {
            username: input.username,
            name: input.username,
            email: input.email,
            passwordHash,
            ...(input.severity !== undefined ? { severity: input.severity } : {}),
            createdBy: actor.id,
          },
        },
        now,
      );
      await writeAudit(
        trx,
        {
          environmentId: target.id,
          userId: actor.id,
          username: actor.username,
          resource: AuditResource.ENVIRONMENT,
          action: AuditAction.CREATE,
          name: environment.name,
          detail: auditDetail('environmentManager', { username: input.username }),
        },
        now,
      );
      return environment;
    });
    const view = await environmentView(context.db, created);
    return { id: created.id, environment: view };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ErrorCode.ENV_NAME_EXISTS);
    throw error;
  }
});
