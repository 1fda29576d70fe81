import type { AuditDetail, FieldChange } from '@halo/shared';
import { AuditAction, AuditResource } from '@halo/shared';
import type { Kysely } from 'kysely';
import { auditChange, auditChanges, type ChangeRecord } from '../../http/reachable.js';
import type { Scoped } from '../../http/tenancy.js';
import type { Database } from '../../store/schema.js';

/** A change to one device, as its audit row tells it. */
export interface DeviceChange {
  readonly action: AuditAction;
  readonly name: string;
  readonly detail?: AuditDetail;
  readonly changes?: readonly FieldChange[];
}

const deviceRecord = (change: DeviceChange): ChangeRecord => ({
  resource: AuditResource.DEVICE,
  action: change.action,
  name: change.name,
  detail: change.detail ?? null,
  ...(change.changes ? { changes: change.changes } : {}),
});

/** The audit row of a change the caller made to a device (auditChange with the device resource). */
export async function auditDevice(
  db: Kysely<Database>,
  auth: Scoped,
  action: AuditAction,
  name: string,
  now: number,
  detail?: AuditDetail,
  changes?: readonly FieldChange[],
) {
  await auditChange(
    db,
    auth,
    deviceRecord({ action, name, ...(detail ? { detail } : {}), ...(changes ? { changes } : {}) }),
    now,
  );
}

/** One audit row per device changed (a bulk action's), as auditDevice writes each. */
export async function auditDevices(db: Kysely<Database>, auth: Scoped, changes: readonly DeviceChange[], now: number) {
  await auditChanges(db, auth, changes.map(deviceRecord), now);
}

/** What an update of a device is audited as: its enabling, its disabling, or an update. */
export function updateAuditAction(wasEnabled: boolean, isEnabled: boolean): AuditAction {
  if (isEnabled === wasEnabled) return AuditAction.UPDATE;
  return isEnabled ? AuditAction.ENABLE : AuditAction.DISABLE;
}
