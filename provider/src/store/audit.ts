import type { AuditAction, AuditResource, FieldChange } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface AuditEntry {
  readonly environmentId: number;
  readonly userId: number | null;
  readonly username: string | null;
  readonly resource: AuditResource;
  readonly action: AuditAction;
  readonly name?: string | null;
  readonly detail?: string | null;
  /** The fields an update changed, old and new (fieldChanges). */
  readonly changes?: readonly FieldChange[];
}

/** One user_audits row per create, update, delete, enable, disable and security event. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await db
    .insertInto('user_audits')
    .values({
      environment_id: entry.environmentId,
      user_id: entry.userId,
      username: entry.username,
      resource: entry.resource,
      action: entry.action,
      name: entry.name ?? null,
      detail: entry.detail ?? null,
      changes: entry.changes?.length ? JSON.stringify(entry.changes) : null,
      created_at: now,
    })
    .execute();
}
