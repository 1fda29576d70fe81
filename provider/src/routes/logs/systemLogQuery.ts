import type { CsvValue, LogPaging, SystemLogEntry, SystemLogFilter } from '@halo/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SystemLogsTable } from '../../store/schema.js';
import { contains, logPageConditions } from './logPage.js';

type SystemLogRow = Selectable<SystemLogsTable>;

/** The system log of one environment narrowed by a filter (and a page's ids, when given). */
export function selectSystemLogs(db: Kysely<Database>, environmentId: number, filter: SystemLogFilter & LogPaging) {
  let select = db.selectFrom('system_logs').where('environment_id', '=', environmentId);
  for (const condition of logPageConditions(filter)) select = select.where(condition);
  if (filter.device_name) select = select.where(contains('device_name', filter.device_name));
  if (filter.device_attribute_types?.length)
    select = select.where('device_attribute_type', 'in', filter.device_attribute_types);
  if (filter.alerts_only) select = select.where('is_alert', '=', 1);
  return select;
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

/** The export's columns: section 3's, with the ids a spreadsheet can join on. */
export const SYSTEM_LOG_CSV_HEADER = [
  'id',
  'log_time',
  'device_id',
  'device_name',
  'device_attribute_type',
  'event_type',
  'value',
  'severity',
  'description',
  'is_alert',
] as const;

export const systemLogCells = (row: SystemLogRow): CsvValue[] => {
  const entry = systemLogEntry(row);
  return SYSTEM_LOG_CSV_HEADER.map((column) => entry[column]);
};
