import { API, AuditAction, can } from '@halo/shared';

import { findReachable } from '../../http/reachable.js';
import { route } from '../../http/endpointRoute.js';
import { subjectOf } from '../../http/tenancy.js';
import { clearAlarmsOfDevice } from '../../store/alarms.js';
import { removeRfRecordingFiles } from '../../store/rfRecordingFiles.js';
import { takeRevisions } from '../../store/revisions.js';
import { auditDevice } from './deviceAudit.js';
import { assertMayActOnDevice, deviceDeleteForbidden } from './deviceConstraints.js';

/**
 * DELETE config/{env}/devices/{id}: permission 54 reaches own or allowed devices, 55 any.
 * The removal gets a revision of its own, so devices_state?state=1 reports it in `removed`;
 * the device's active alarms are cleared with it (nothing can clear them later).
 */
export const deleteDevice = route(API.devices.remove, (context) => async ({ auth, params }) => {
  if (!can(subjectOf(auth), 'devices.delete')) throw deviceDeleteForbidden();
  const existing = await findReachable(context.db, 'devices', auth, params.id);
  await assertMayActOnDevice(context.db, auth, 'delete', existing);
  const now = context.now();
  const recordings = await context.db.transaction().execute(async (trx) => {
    const files = await trx
      .selectFrom('rf_recordings')
      .select('file_name')
      .where('device_id', '=', existing.id)
      .execute();
    const revision = await takeRevisions(trx, 1);
    await trx.deleteFrom('devices').where('id', '=', existing.id).execute();
    await trx
      .insertInto('device_removals')
      .values({ device_id: existing.id, environment_id: existing.environment_id, revision, removed_at: now })
      .execute();
    await clearAlarmsOfDevice(trx, existing.id, now, revision);
    await auditDevice(trx, auth, AuditAction.DELETE, existing.name, now);
    return files.map((file) => file.file_name);
  });
  await removeRfRecordingFiles(context.config.dataDir, recordings);
  return { ok: true };
});
