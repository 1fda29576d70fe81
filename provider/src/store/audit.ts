import {
  auditDetail,
  auditDetailLabel,
  type AuditAction,
  type AuditDetail,
  type AuditResource,
  type FieldChange,
} from '@halo/shared';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface AuditEntry {
  readonly environmentId: number;
  readonly userId: number | null;
  readonly username: string | null;
  readonly resource: AuditResource;
  readonly action: AuditAction;
  readonly name?: string | null;
  /** The product's own words as a code (auditDetail), or a text that is data (a file's name). */
  readonly detail?: AuditDetail | string | null;
  /** The fields an update changed, old and new (fieldChanges). */
  readonly changes?: readonly FieldChange[];
}

/** A detail's columns: the code and parameters, and the en-US text section 3's `detail` carries. */
export function detailColumns(detail: AuditDetail | string | null | undefined) {
  if (detail === null || detail === undefined || typeof detail === 'string')
    return { detail: detail ?? null, detail_code: null, detail_params: null };
  return {
    detail: auditDetailLabel('en-US', { detail: null, detail_code: detail.code, detail_params: detail.params }),
    detail_code: detail.code,
    detail_params: Object.keys(detail.params).length ? JSON.stringify(detail.params) : null,
  };
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
      ...detailColumns(entry.detail),
      changes: entry.changes?.length ? JSON.stringify(entry.changes) : null,
      created_at: now,
    })
    .execute();
}

/** A user's permissions as an audit detail: the numbers, or none. */
export const permissionsDetail = (permissions: readonly number[]): AuditDetail =>
  permissions.length
    ? auditDetail('permissions', { permissions: permissions.join(',') })
    : auditDetail('noPermissions');
