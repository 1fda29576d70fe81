import { API, AuditAction, auditDetail } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';

import { newDeviceRow } from '../../store/newDeviceRow.js';
import { takeRevisions } from '../../store/revisions.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { auditDevice } from './deviceAudit.js';
import { assertDeviceFits, deviceNameExists, deviceParametersExist } from './deviceConstraints.js';
import { assertDevicesFit } from './deviceLimit.js';
import { deviceView } from './deviceView.js';

/** A unique-constraint race lost to another writer: the same errors the checks give. */
export function uniqueDeviceError(error: unknown) {
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' && /pairing/i.test(message) ? deviceParametersExist() : deviceNameExists();
}

/** POST config/{env}/devices: errors 50 (name), 51 (pairing id), 52 (port range), 54 (device limit). Answers the new id. */
export const createDevice = route(API.devices.create, (context) => async ({ auth, body: { device } }) => {
  await assertDeviceFits(context.db, auth.target.id, device);
  const now = context.now();
  try {
    const row = await context.db.transaction().execute(async (trx) => {
      await assertDevicesFit(trx, context.dialect, auth.target.id, 1, context.config.environmentMaxDevices);
      const revision = await takeRevisions(trx, 1);
      const created = await trx
        .insertInto('devices')
        .values(newDeviceRow(device, { environmentId: auth.target.id, userId: auth.user.id, now }, revision))
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditDevice(
        trx,
        auth,
        AuditAction.CREATE,
        created.name,
        now,
        auditDetail('pairingId', { pairingId: created.pairing_id }),
      );
      return created;
    });
    return { id: row.id, device: deviceView(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueDeviceError(error);
    throw error;
  }
});
