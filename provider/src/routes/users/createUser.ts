import { API, AuditAction, AuditResource, TwoFactorStatus } from '@halo/shared';
import { hashPassword } from '../../auth/passwords.js';

import { route } from '../../http/endpointRoute.js';

import { assertDevicesOfEnvironment, setGrantedDevices } from '../../store/allowedDevices.js';
import { permissionsDetail, writeAudit } from '../../store/audit.js';
import { assertCollectionRoom } from '../../store/collectionCaps.js';
import { assertEmailFree, assertUsernameFree } from '../../store/uniqueness.js';
import { assertDevicesGrantable, assertGrantable } from './grantablePermissions.js';
import { userInputColumns, userView } from './userView.js';

/** POST config/{env}/users: errors 30 (username), 31 (e-mail), 32 (password), 180 (COLLECTION_CAPS.users). */
export const createUser = route(API.users.create, (context) => async ({ auth, body: { user: input } }) => {
  assertGrantable(auth, input.permissions);
  await assertCollectionRoom('users', context.db.selectFrom('users').where('environment_id', '=', auth.target.id));
  await assertUsernameFree(context.db, auth.target.id, input.username);
  await assertEmailFree(context.db, auth.target.id, input.email);
  const allowedDevices = input.allowed_devices ?? [];
  await assertDevicesOfEnvironment(context.db, auth.target.id, allowedDevices);
  await assertDevicesGrantable(context.db, auth, allowedDevices);
  const passwordHash = await hashPassword(input.password);
  const now = context.now();
  const created = await context.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        environment_id: auth.target.id,
        ...userInputColumns(input),
        password_hash: passwordHash,
        environment_manager: 0,
        two_factor_status: TwoFactorStatus.INACTIVE,
        two_factor_secret: null,
        two_factor_last_step: null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await setGrantedDevices(trx, row.id, allowedDevices);
    await writeAudit(
      trx,
      {
        environmentId: auth.target.id,
        userId: auth.user.id,
        username: auth.user.username,
        resource: AuditResource.USER,
        action: AuditAction.CREATE,
        name: row.username,
        detail: permissionsDetail(input.permissions),
      },
      now,
    );
    return row;
  });
  return { id: created.id, user: userView(created, allowedDevices) };
});
