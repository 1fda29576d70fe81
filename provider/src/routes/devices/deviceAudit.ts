import type { AuditAction, AuditDetail, FieldChange } from '@halo/shared';
import { AuditResource } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { Scoped } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import type { Database } from '../../store/schema.js';

export async function auditDevice(
  db: Kysely<Database>,
  auth: Scoped,
  action: AuditAction,
  name: string,
  now: number,
  detail?: AuditDetail,
  changes?: readonly FieldChange[],
) {
  await writeAudit(
    db,
    {
      environmentId: auth.target.id,
      userId: auth.user.id,
      username: auth.user.username,
      resource: AuditResource.DEVICE,
      action,
      name,
      detail: detail ?? null,
      ...(changes ? { changes } : {}),
    },
    now,
  );
}
