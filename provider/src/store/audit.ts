import {
  auditDetail,
  auditDetailLabel,
  type AuditAction,
  type AuditDetail,
  type AuditResource,
  type FieldChange,
} from '@halo/shared';
import type { Insertable, Kysely, SelectQueryBuilder } from 'kysely';
import { constantColumns, insertForEachRow, selectedColumn } from './insertForEachRow.js';
import { insertInBatches } from './insertInBatches.js';
import type { Database, UserAuditsTable } from './schema.js';
import type { SqlType } from './sqlCast.js';

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

type AuditRow = Insertable<UserAuditsTable>;

/** The user_audits row of an entry: the one place an entry becomes columns. */
function auditRow(entry: AuditEntry, now: number): Required<Omit<AuditRow, 'id'>> {
  return {
    environment_id: entry.environmentId,
    user_id: entry.userId,
    username: entry.username,
    resource: entry.resource,
    action: entry.action,
    name: entry.name ?? null,
    ...detailColumns(entry.detail),
    changes: entry.changes?.length ? JSON.stringify(entry.changes) : null,
    created_at: now,
  };
}

/** One user_audits row per create, update, delete, enable, disable and security event. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await db.insertInto('user_audits').values(auditRow(entry, now)).execute();
}

/** Audit rows per INSERT: 11 columns each, well under either database's bound-parameter limit. */
const AUDITS_PER_STATEMENT = 200;

/** Many user_audits rows at once (a bulk action's, one per device), in the caller's transaction. */
export async function writeAudits(db: Kysely<Database>, entries: readonly AuditEntry[], now: number): Promise<void> {
  await insertInBatches(
    db,
    'user_audits',
    entries.map((entry) => auditRow(entry, now)),
    AUDITS_PER_STATEMENT,
  );
}

/** The columns of user_audits (migrations 001, 013, 019), for values bound in an INSERT ... SELECT. */
const AUDIT_COLUMN_TYPES: Readonly<Record<keyof ReturnType<typeof auditRow>, SqlType>> = {
  environment_id: 'integer',
  user_id: 'integer',
  username: 'varchar(64)',
  resource: 'varchar(32)',
  action: 'varchar(16)',
  name: 'varchar(128)',
  detail: 'text',
  detail_code: 'varchar(64)',
  detail_params: 'text',
  changes: 'text',
  created_at: 'bigint',
};

/** The columns of the selected rows that hold each audit row's name and detail (already as detailColumns makes them). */
export interface AuditPerRowColumns {
  readonly name: string;
  readonly detail: string;
  readonly detail_code: string;
  readonly detail_params: string;
}

/**
 * One audit row per row `rows` selects, in one INSERT ... SELECT: `entry` for every row, the
 * name and detail from each (a device import's rows, store/deviceImportStage.ts).
 */
export async function writeAuditForEachRow<From extends keyof Database>(
  db: Kysely<Database>,
  entry: Omit<AuditEntry, 'name' | 'detail'>,
  rows: SelectQueryBuilder<Database, From, object>,
  perRow: AuditPerRowColumns,
  now: number,
): Promise<void> {
  await insertForEachRow(db, 'user_audits', rows, {
    ...constantColumns(auditRow(entry, now), AUDIT_COLUMN_TYPES),
    name: selectedColumn(perRow.name),
    detail: selectedColumn(perRow.detail),
    detail_code: selectedColumn(perRow.detail_code),
    detail_params: selectedColumn(perRow.detail_params),
  });
}

/** A user's permissions as an audit detail: the numbers, or none. */
export const permissionsDetail = (permissions: readonly number[]): AuditDetail =>
  permissions.length
    ? auditDetail('permissions', { permissions: permissions.join(',') })
    : auditDetail('noPermissions');
