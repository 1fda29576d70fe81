import {
  codeLabel,
  logTimeWindow,
  type CsvValue,
  type Locale,
  type LogPaging,
  type SystemLogEntry,
  type SystemLogFilter,
} from '@halo/shared';
import { sql, type CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../store/database.js';
import type { Read } from '../../store/readPool.js';
import type { Database, SystemLogsTable } from '../../store/schema.js';
import { contains, logPageConditions } from './logPage.js';

export type SystemLogRow = Selectable<SystemLogsTable>;
type SystemLogFilterAndPage = SystemLogFilter & LogPaging;

/** The conditions of a filter (and a page's ids, compared on `idColumn`), columns qualified for a join. */
function systemLogConditions(environmentId: number, filter: SystemLogFilterAndPage, idColumn: string) {
  const conditions = [
    sql<boolean>`system_logs.environment_id = ${environmentId}`,
    ...logPageConditions(filter, { id: idColumn, time: 'system_logs.log_time' }),
  ];
  if (filter.device_name) conditions.push(contains('system_logs.device_name', filter.device_name));
  if (filter.device_attribute_types?.length)
    conditions.push(sql<boolean>`system_logs.device_attribute_type in (${sql.join(filter.device_attribute_types)})`);
  if (filter.alerts_only) conditions.push(sql<boolean>`system_logs.is_alert = 1`);
  return conditions;
}

/** The system log of one environment narrowed by a filter (and a page's ids, when given). */
export function selectSystemLogs(db: Kysely<Database>, environmentId: number, filter: SystemLogFilterAndPage) {
  let select = db.selectFrom('system_logs');
  for (const condition of systemLogConditions(environmentId, filter, 'system_logs.id'))
    select = select.where(condition);
  return select;
}

/**
 * Whether a page is read through SQLite's trigram index of device names (migration 017): for
 * a name part with three characters in a row that are not wildcards, over a range that runs to
 * now. The index then yields the matching entries newest first and the page stops after
 * `limit` of them, whether the part is rare (one device in 100,000) or common. A range that
 * ends in the past is left to the time index: walking the names from the newest would pass
 * every newer match first. PostgreSQL's planner picks its trigram index by itself.
 */
const readsNameIndex = (dialect: Dialect, filter: SystemLogFilterAndPage) =>
  dialect === 'sqlite' && /[^%_]{3}/.test(filter.device_name ?? '') && logTimeWindow(filter).to === undefined;

/** One page of the system log: the entries a filter selects, ordered by id, at most `limit`, read by `read`. */
export const systemLogRows = (
  store: { readonly db: Kysely<Database>; readonly dialect: Dialect },
  read: Read,
  environmentId: number,
  filter: SystemLogFilterAndPage,
  order: 'asc' | 'desc',
  limit: number,
): Promise<SystemLogRow[]> => read.rows(systemLogQuery(store, environmentId, filter, order, limit));

/** The query of such a page (to be read, or shaped where it is read). */
export function systemLogQuery(
  { db, dialect }: { readonly db: Kysely<Database>; readonly dialect: Dialect },
  environmentId: number,
  filter: SystemLogFilterAndPage,
  order: 'asc' | 'desc',
  limit: number,
): CompiledQuery<SystemLogRow> {
  if (!readsNameIndex(dialect, filter))
    return selectSystemLogs(db, environmentId, filter).selectAll().orderBy('id', order).limit(limit).compile();
  // CROSS JOIN keeps SQLite from turning the join around (the index probed once per entry).
  // The index's LIKE cannot take an ESCAPE, so % and _ in the name are wildcards there: it
  // selects a superset, and the exact condition on system_logs.device_name keeps the rest out.
  let select = db
    .selectFrom('system_log_names as names')
    .crossJoin('system_logs')
    .whereRef('system_logs.id', '=', 'names.rowid')
    .where(sql<boolean>`names.device_name like ${`%${filter.device_name ?? ''}%`}`);
  for (const condition of systemLogConditions(environmentId, filter, 'names.rowid')) select = select.where(condition);
  return select.selectAll('system_logs').orderBy('names.rowid', order).limit(limit).compile();
}

export const systemLogEntry = (row: SystemLogRow): SystemLogEntry => ({
  id: row.id,
  device_id: row.device_id,
  device_name: row.device_name,
  device_attribute_type: row.device_attribute_type,
  event_type: row.event_type,
  value: row.value,
  severity: row.severity,
  description: row.description,
  log_time: new Date(row.log_time).toISOString(),
  is_alert: row.is_alert === 1,
});

/** The export's columns: section 3's, with the ids a spreadsheet can join on and each code's label beside it. */
export const SYSTEM_LOG_CSV_HEADER = [
  'id',
  'log_time',
  'device_id',
  'device_name',
  'device_attribute_type',
  'device_attribute_type_label',
  'event_type',
  'event_type_label',
  'value',
  'severity',
  'severity_label',
  'description',
  'is_alert',
] as const;

/** An entry's cells in the export, labels in the reader's language (read shaper systemLogCsv). */
export const systemLogCells =
  (locale: Locale) =>
  (row: SystemLogRow): CsvValue[] => {
    const entry = systemLogEntry(row);
    const labels = {
      device_attribute_type_label: codeLabel(locale, 'attribute', entry.device_attribute_type),
      event_type_label: codeLabel(locale, 'systemEvent', entry.event_type),
      severity_label: codeLabel(locale, 'severity', entry.severity),
    };
    return SYSTEM_LOG_CSV_HEADER.map((column) =>
      column in labels ? labels[column as keyof typeof labels] : entry[column as keyof SystemLogEntry],
    );
  };
