import type { AuditAction, AuditDetail, FieldChange } from '@halo/shared';
import { AuditResource } from '@halo/shared';
import type { Kysely } from 'kysely';
import { auditChange } from '../../http/reachable.js';
import type { Scoped } from '../../http/tenancy.js';
import type { Database } from '../../store/schema.js';

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
    { resource: AuditResource.DEVICE, action, name, detail: detail ?? null, ...(changes ? { changes } : {}) },
    now,
  );
}
