import { API, AuditAction, AuditResource, fieldChanges, SessionEndReason, auditDetail } from '@halo/shared';
import { updateAccount } from '../../auth/passwordResets.js';
import { hashPassword } from '../../auth/passwords.js';
import { endUserSessions } from '../../auth/sessions.js';

import { route } from '../../http/endpointRoute.js';
import { assertCaServerAddressAllowed } from './caServerAddress.js';

import { writeAudit } from '../../store/audit.js';
import { assertEmailFree, assertUsernameFree, environmentNameExists } from '../../store/uniqueness.js';
import { environmentView } from './environmentView.js';
import { reachableEnvironment } from './reachableEnvironment.js';
import { grantableFeatures, sameFeatures, setFeatures } from './grantFeatures.js';
import { featuresOf } from '../../store/environmentFeatures.js';
import { forbidden } from '../../errors/httpError.js';
import { findEnvironment } from '../../store/environments.js';

/**
 * PUT config/{env}/environments/{id}. Below {env}: name, description, CA and the manager's
 * username, e-mail, password (null means unchanged) and alarm severity. On the caller's own environment
 * only the name and description change (renaming the current environment). Features
 * (HeatSight) change only from an environment manager above, within the parent's.
 */
export const updateEnvironment = route(API.environments.update, (context) => async ({ auth, params, body: input }) => {
  const { user: actor } = auth;
  assertCaServerAddressAllowed(context, input.ca_server_address);
  const environment = await reachableEnvironment(context, auth, params.id, { strictlyBelow: false });
  const isOwn = environment.id === actor.environment_id;
  if (await environmentNameExists(context.db, input.environment_name, environment.id))
    throw environmentNameExists.error();
  const manager = await context.db
    .selectFrom('users')
    .selectAll()
    .where('environment_id', '=', environment.id)
    .where('environment_manager', '=', 1)
    .executeTakeFirst();
  if (!isOwn && manager) {
    if (input.username) await assertUsernameFree(context.db, environment.id, input.username, manager.id);
    await assertEmailFree(context.db, environment.id, input.email, manager.id);
  }
  // Features change only from above, and only when they differ: a form sends them back unchanged.
  const requested = input.enabled_feature_ids;
  let features: readonly number[] | null = null;
  if (requested !== undefined && !sameFeatures(requested, featuresOf(environment))) {
    const parent =
      environment.parent_id === null || isOwn ? null : await findEnvironment(context.db, environment.parent_id);
    if (!parent) throw forbidden("An environment's features are set by the manager of an environment above it");
    features = grantableFeatures(auth, parent, requested);
  }
  const passwordHash = !isOwn && input.password ? await hashPassword(input.password) : null;
  const now = context.now();
  const before = await environmentView(context.db, environment);
  const view = await context.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('environments')
      .set({
        name: input.environment_name,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(!isOwn && input.ca_server_address !== undefined ? { ca_server_address: input.ca_server_address } : {}),
      })
      .where('id', '=', environment.id)
      .execute();
    if (features) await setFeatures(trx, environment, features);
    if (!isOwn && manager) {
      await updateAccount(
        trx,
        manager,
        {
          ...(input.username ? { username: input.username } : {}),
          ...(input.email ? { email: input.email } : {}),
          ...(input.severity !== undefined ? { severity: input.severity } : {}),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          updated_at: now,
        },
        now,
      );
    }
    const updated = await trx
      .selectFrom('environments')
      .selectAll()
      .where('id', '=', environment.id)
      .executeTakeFirstOrThrow();
    const after = await environmentView(trx, updated);
    await writeAudit(
      trx,
      {
        environmentId: actor.environment_id,
        userId: actor.id,
        username: actor.username,
        resource: AuditResource.ENVIRONMENT,
        action: AuditAction.UPDATE,
        name: input.environment_name,
        detail:
          environment.name === input.environment_name ? null : auditDetail('renamedFrom', { name: environment.name }),
        changes: fieldChanges(before, after, passwordHash ? { secrets: ['password'] } : {}),
      },
      now,
    );
    return after;
  });
  if (passwordHash && manager) await endUserSessions(context, manager.id, SessionEndReason.LOGGED_OUT);
  return { environment: view };
});
