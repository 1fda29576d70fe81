import type { RequestHandler } from 'express';
import { AuditAction, can, DeviceUpdateSchema } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { parseBody } from '../../http/parse.js';
import { scoped, subjectOf } from '../../http/tenancy.js';
import { takeRevisions } from '../../store/revisions.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { uniqueDeviceError } from './createDevice.js';
import { auditDevice } from './deviceAudit.js';
import {
  assertDeviceFits,
  assertMayActOnDevice,
  deviceInputColumns,
  deviceUpdateForbidden,
  reachableDevice,
} from './deviceConstraints.js';
import { deviceView } from './deviceView.js';

/**
 * PUT config/{env}/devices/{id}: the same body as POST. Permission 52 reaches devices the
 * user created or holds in their allowed list, 53 any device; otherwise 'deviceUpdateForbidden'.
 */
export function updateDevice(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const auth = scoped(request);
    if (!can(subjectOf(auth), 'devices.update')) throw deviceUpdateForbidden();
    const { device } = parseBody(DeviceUpdateSchema, request.body);
    const existing = await reachableDevice(context, request);
    await assertMayActOnDevice(context.db, auth, 'update', existing);
    await assertDeviceFits(context.db, existing.environment_id, device, existing.id);
    const now = context.now();
    const wasEnabled = existing.is_enabled === 1;
    const action =
      device.is_enabled && !wasEnabled
        ? AuditAction.ENABLE
        : !device.is_enabled && wasEnabled
          ? AuditAction.DISABLE
          : AuditAction.UPDATE;
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
          existing.name === updated.name ? undefined : `renamed from ${existing.name}`,
        );
        return updated;
      });
      response.json({ device: deviceView(row) });
    } catch (error) {
      if (isUniqueViolation(error)) throw uniqueDeviceError(error);
      throw error;
    }
  };
}
