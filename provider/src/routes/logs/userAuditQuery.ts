import {
  AuditDetailParamsSchema,
  auditDetailLabel,
  CODE_LABEL_TEXTS,
  codeLabel,
  FieldChangeSchema,
  type CsvValue,
  type FieldChange,
  type Locale,
  type UserAudit,
  type UserAuditExportQuery,
  type LogPaging,
} from '@halo/shared';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, UserAuditsTable } from '../../store/schema.js';
import { contains, logPageConditions } from './logPage.js';

type UserAuditRow = Selectable<UserAuditsTable>;

/** Who acted when no person did: the fleet simulator, the first start, a scheduled job. */
export const SYSTEM_ACTOR = 'system';

const FREE_TEXT_COLUMNS = ['username', 'name', 'detail'];

/** The audit log of one environment narrowed by a filter (and a page's ids, when given). */
export function selectUserAudits(
  db: Kysely<Database>,
  environmentId: number,
  filter: Omit<UserAuditExportQuery, 'lang'> & LogPaging,
) {
  let select = db.selectFrom('user_audits').where('environment_id', '=', environmentId);
  for (const condition of logPageConditions(filter, { time: 'created_at' })) select = select.where(condition);
  const freeText = filter.free_text;
  if (freeText) select = select.where((eb) => eb.or(FREE_TEXT_COLUMNS.map((column) => contains(column, freeText))));
  if (filter.resources?.length) select = select.where('resource', 'in', filter.resources);
  if (filter.actions?.length) select = select.where('action', 'in', filter.actions);
  return select;
}

const StoredChangesSchema = z.array(FieldChangeSchema);

function paramsOf(stored: string | null): Record<string, string> | undefined {
  if (!stored) return undefined;
  try {
    return AuditDetailParamsSchema.parse(JSON.parse(stored));
  } catch {
    return undefined;
  }
}

function changesOf(stored: string | null): FieldChange[] {
  if (!stored) return [];
  try {
    return StoredChangesSchema.parse(JSON.parse(stored));
  } catch {
    return [];
  }
}

export const userAuditOf = (row: UserAuditRow): UserAudit => ({
  id: row.id,
  user: row.username ?? SYSTEM_ACTOR,
  resource: row.resource as UserAudit['resource'],
  action: row.action as UserAudit['action'],
  name: row.name ?? '',
  detail: row.detail,
  ...(row.detail_code === null ? {} : { detail_code: row.detail_code }),
  ...(row.detail_params === null ? {} : { detail_params: paramsOf(row.detail_params) ?? {} }),
  time: new Date(row.created_at).toISOString(),
  changes: changesOf(row.changes),
});

/**
 * The export's columns: section 3's audit entry, each code with its label beside it in the
 * export's language, the detail in that language, and the changed fields as `field: old → new`.
 */
export const USER_AUDIT_CSV_HEADER = [
  'id',
  'time',
  'user',
  'resource',
  'resource_label',
  'action',
  'action_label',
  'name',
  'detail',
  'changes',
] as const;

const describeChange = (change: FieldChange, locale: Locale) =>
  change.old === null && change.new === null
    ? `${change.field}: ${CODE_LABEL_TEXTS[locale].changedSecret}`
    : `${change.field}: ${change.old ?? ''} → ${change.new ?? ''}`;

/** An entry's cells in the export, in the reader's language (read shaper userAuditCsv). */
export const userAuditCells =
  (locale: Locale) =>
  (row: UserAuditRow): CsvValue[] => {
    const audit = userAuditOf(row);
    return [
      audit.id,
      audit.time,
      audit.user,
      audit.resource,
      codeLabel(locale, 'auditResource', audit.resource),
      audit.action,
      codeLabel(locale, 'auditAction', audit.action),
      audit.name,
      auditDetailLabel(locale, audit),
      audit.changes.map((change) => describeChange(change, locale)).join('; '),
    ];
  };
