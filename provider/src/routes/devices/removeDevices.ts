import { AuditAction } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { Scoped } from '../../http/tenancy.js';
import { clearAlarmsOfDevices } from '../../store/alarms.js';
import { takeRevisions } from '../../store/revisions.js';
import type { Database, DeviceRow } from '../../store/schema.js';
import { auditDevices } from './deviceAudit.js';

export type RemovableDevice = Pick<DeviceRow, 'id' | 'environment_id' | 'name'>;

export interface DevicesRemoved {
  /** The devices this transaction deleted (one deleted meanwhile by another call is not among them). */
  readonly ids: readonly number[];
  /** Their RF recordings' files: remove them (removeRfRecordingFiles) once the transaction is committed. */
  readonly files: readonly string[];
}

/**
 * Deletes devices of the environment as DELETE /devices/{id} does, in the caller's transaction
 * (a few hundred at most: one statement each for the lot): each removal gets a revision of its
 * own, so devices_state?state=1 reports it in `removed`; the device's active alarms are cleared
 * under it (nothing can clear them later); one audit row per device. The recordings' rows go
 * with the device (foreign key); their files are the caller's to remove after the commit.
 */
export async function removeDevices(
  trx: Kysely<Database>,
  auth: Scoped,
  devices: readonly RemovableDevice[],
  now: number,
): Promise<DevicesRemoved> {
  if (devices.length === 0) return { ids: [], files: [] };
  const files = await trx
    .selectFrom('rf_recordings')
    .select('file_name')
    .where(
      'device_id',
      'in',
      devices.map((device) => device.id),
    )
    .execute();
  const deleted = await trx
    .deleteFrom('devices')
    .where('environment_id', '=', auth.target.id)
    .where(
      'id',
      'in',
      devices.map((device) => device.id),
    )
    .returning('id')
    .execute();
  const gone = new Set(deleted.map((row) => row.id));
  const removed = devices.filter((device) => gone.has(device.id));
  if (removed.length === 0) return { ids: [], files: [] };
  const first = await takeRevisions(trx, removed.length);
  const revisions = new Map(removed.map((device, index) => [device.id, first + index]));
  await trx
    .insertInto('device_removals')
    .values(
      removed.map((device) => ({
        device_id: device.id,
        environment_id: device.environment_id,
        revision: revisions.get(device.id) ?? first,
        removed_at: now,
      })),
    )
    .execute();
  await clearAlarmsOfDevices(trx, revisions, now);
  await auditDevices(
    trx,
    auth,
    removed.map((device) => ({ action: AuditAction.DELETE, name: device.name })),
    now,
  );
  return { ids: removed.map((device) => device.id), files: files.map((file) => file.file_name) };
}
