import type { AuditAction, AuditDetail, AuditResource, FieldChange } from '@halo/shared';
import type { Kysely, Selectable } from 'kysely';
import { writeAudit, writeAudits, type AuditEntry } from '../store/audit.js';
import type { Database } from '../store/schema.js';
import { idNotFound, type Scoped } from './tenancy.js';

/** Tables whose rows belong to one environment: each has an `id` and an `environment_id`. */
export type EnvironmentOwnedTable =
  'users' | 'groups' | 'devices' | 'application_rules' | 'openvpn_profiles' | 'thresholds';

type Owned = Record<EnvironmentOwnedTable, { id: number; environment_id: number }>;

/**
 * The row `id` of `table` when it belongs to the environment the call is scoped to; any other
 * id, another tenant's included, is "ID not found" so it reveals nothing.
 */
export async function findReachable<Table extends EnvironmentOwnedTable>(
  db: Kysely<Database>,
  table: Table,
  auth: Pick<Scoped, 'target'>,
  id: number,
): Promise<Selectable<Database[Table]>> {
  const owned = db as unknown as Kysely<Owned>;
  const name: EnvironmentOwnedTable = table;
  const row = await owned
    .selectFrom(name)
    .selectAll()
    .where('id', '=', id)
    .where('environment_id', '=', auth.target.id)
    .executeTakeFirst();
  if (!row) throw idNotFound();
  return row as unknown as Selectable<Database[Table]>;
}

export interface ChangeRecord {
  readonly resource: AuditResource;
  readonly action: AuditAction;
  readonly name: string;
  readonly detail?: AuditDetail | string | null;
  readonly changes?: readonly FieldChange[];
}

/** The audit entry of a change the caller made in the environment the call is scoped to. */
function auditEntryOf(auth: Scoped, change: ChangeRecord): AuditEntry {
  return {
    environmentId: auth.target.id,
    userId: auth.user.id,
    username: auth.user.username,
    resource: change.resource,
    action: change.action,
    name: change.name,
    detail: change.detail ?? null,
    ...(change.changes ? { changes: change.changes } : {}),
  };
}

/** The audit row of a change the caller made in the environment the call is scoped to. */
export async function auditChange(
  db: Kysely<Database>,
  auth: Scoped,
  change: ChangeRecord,
  now: number,
): Promise<void> {
  await writeAudit(db, auditEntryOf(auth, change), now);
}

/** One audit row per change (a bulk action's, one per device), written together. */
export async function auditChanges(
  db: Kysely<Database>,
  auth: Scoped,
  changes: readonly ChangeRecord[],
  now: number,
): Promise<void> {
  await writeAudits(
    db,
    changes.map((change) => auditEntryOf(auth, change)),
    now,
  );
}
