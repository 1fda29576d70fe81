import { API } from '@halo/shared';

import { findReachable } from '../../http/reachable.js';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';
import { removeRfRecordingFiles } from '../../store/rfRecordingFiles.js';
import { assertDeviceCapability, assertMayActOnDevice } from './deviceConstraints.js';
import { removeDevices } from './removeDevices.js';

/**
 * DELETE config/{env}/devices/{id}: permission 54 reaches own or allowed devices, 55 any.
 * The removal gets a revision of its own, so devices_state?state=1 reports it in `removed`;
 * the device's active alarms are cleared with it (nothing can clear them later).
 */
export const deleteDevice = route(API.devices.remove, (context) => async ({ auth, params }) => {
  assertDeviceCapability(auth, 'delete');
  const existing = await findReachable(context.db, 'devices', auth, params.id);
  await assertMayActOnDevice(context.db, auth, 'delete', existing);
  const removed = await context.db.transaction().execute((trx) => removeDevices(trx, auth, [existing], context.now()));
  // Another call deleted it in the meantime.
  if (removed.ids.length === 0) throw idNotFound();
  await removeRfRecordingFiles(context.config.dataDir, removed.files);
  return { ok: true };
});
