import { API, AuditAction, AuditResource, fieldChanges, SessionEndReason } from '@halo/shared';
import { updateAccount } from '../../auth/passwordResets.js';
import { hashPassword } from '../../auth/passwords.js';
import { endUserSessions, permissionsOf } from '../../auth/sessions.js';

import { route } from '../../http/endpointRoute.js';
import { forbidden } from '../../errors/httpError.js';

import { assertDevicesOfEnvironment, grantedDevicesOf, setGrantedDevices } from '../../store/allowedDevices.js';
import { permissionsDetail, writeAudit } from '../../store/audit.js';
import { assertEmailFree, assertUsernameFree } from '../../store/uniqueness.js';
import { assertDevicesGrantable, assertGrantable } from './grantablePermissions.js';
import { findReachable } from '../../http/reachable.js';
import { userInputColumns, userView } from './userView.js';

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * PUT config/{env}/users/{id}: password null means unchanged. The environment manager cannot
 * be edited. Disabling a user or changing their permissions ends their sessions at once.
 */
export const updateUser = route(API.users.update, (context) => async ({ auth, params, body: { user: input } }) => {
  const existing = await findReachable(context.db, 'users', auth, params.id);
  if (existing.environment_manager === 1) throw forbidden('The environment manager cannot be edited');
  if (existing.id === auth.user.id && !sameList(permissionsOf(existing), input.permissions)) {
    throw forbidden('You cannot change your own permissions');
  }
  assertGrantable(auth, input.permissions);
  await assertUsernameFree(context.db, existing.environment_id, input.username, existing.id);
  await assertEmailFree(context.db, existing.environment_id, input.email, existing.id);
  const grantedBefore = (await grantedDevicesOf(context.db, [existing.id])).get(existing.id) ?? [];
  if (input.allowed_devices) {
    await assertDevicesOfEnvironment(context.db, existing.environment_id, input.allowed_devices);
    await assertDevicesGrantable(context.db, auth, input.allowed_devices, grantedBefore);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const now = context.now();
  const wasDisabled = existing.is_disabled === 1;
  const permissionsChanged = !sameList(permissionsOf(existing), input.permissions);
  const updated = await context.db.transaction().execute(async (trx) => {
    const row = await updateAccount(
      trx,
      existing,
      {
        ...userInputColumns(input, existing),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: now,
      },
      now,
    );
    if (input.allowed_devices) await setGrantedDevices(trx, existing.id, input.allowed_devices);
    const action =
      input.is_disabled && !wasDisabled
        ? AuditAction.DISABLE
        : !input.is_disabled && wasDisabled
          ? AuditAction.ENABLE
          : AuditAction.UPDATE;
    await writeAudit(
      trx,
      {
        environmentId: existing.environment_id,
        userId: auth.user.id,
        username: auth.user.username,
        resource: AuditResource.USER,
        action,
        name: row.username,
        detail: permissionsChanged ? permissionsDetail(input.permissions) : null,
        changes: fieldChanges(
          userView(existing, grantedBefore),
          userView(row, input.allowed_devices ?? grantedBefore),
          passwordHash ? { secrets: ['password'] } : {},
        ),
      },
      now,
    );
    return row;
  });
  if (input.is_disabled && !wasDisabled) await endUserSessions(context, existing.id, SessionEndReason.DISABLED);
  else if (permissionsChanged) await endUserSessions(context, existing.id, SessionEndReason.PERMISSIONS_CHANGED);
  else if (passwordHash) await endUserSessions(context, existing.id, SessionEndReason.LOGGED_OUT);
  const granted = await grantedDevicesOf(context.db, [updated.id]);
  return { user: userView(updated, granted.get(updated.id) ?? []) };
});
