import { API, fieldChanges, auditDetail } from '@halo/shared';

import { findReachable } from '../../http/reachable.js';
import { route } from '../../http/endpointRoute.js';
import { deviceInputColumns } from '../../store/newDeviceRow.js';
import { takeRevisions } from '../../store/revisions.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { uniqueDeviceError } from './createDevice.js';
import { auditDevice, updateAuditAction } from './deviceAudit.js';
import { assertDeviceCapability, assertDeviceFits, assertMayActOnDevice } from './deviceConstraints.js';
import { deviceView } from './deviceView.js';

/**
 * PUT config/{env}/devices/{id}: the same body as POST. Permission 52 reaches devices the
 * user created or holds in their allowed list, 53 any device; otherwise 'deviceUpdateForbidden'.
 */
export const updateDevice = route(API.devices.update, (context) => async ({ auth, params, body: { device } }) => {
  assertDeviceCapability(auth, 'update');
  const existing = await findReachable(context.db, 'devices', auth, params.id);
  await assertMayActOnDevice(context.db, auth, 'update', existing);
  await assertDeviceFits(context.db, existing.environment_id, device, existing.id);
  const now = context.now();
  const action = updateAuditAction(existing.is_enabled === 1, device.is_enabled);
  try {
    const row = await context.db.transaction().execute(async (trx) => {
      const revision = await takeRevisions(trx, 1);
      const updated = await trx
        .updateTable('devices')
        .set({ ...deviceInputColumns(device), updated_at: now, revision })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditDevice(
        trx,
        auth,
        action,
        updated.name,
        now,
        existing.name === updated.name ? undefined : auditDetail('renamedFrom', { name: existing.name }),
        // What the caller set, not the live status the simulator moves meanwhile.
        fieldChanges(deviceView(existing), deviceView(updated), { fields: Object.keys(device) }),
      );
      return updated;
    });
    return { device: deviceView(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueDeviceError(error);
    throw error;
  }
});
