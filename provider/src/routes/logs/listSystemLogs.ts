import { API, type SystemLogEntry } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';

import { contains, logPageConditions, logPageOrder, logPageSize } from './logPage.js';

/**
 * GET config/{env}/system_logs: newest first, `page_size` entries (100 unless told), older
 * pages with `object_id` (the last id seen); filters device_name (part of the name),
 * device_ids, start_date/end_date (YYYY-MM-DD, UTC, both days included), severities and
 * device_attribute_types. With `since_id` the answer is the entries after it, oldest first.
 */
export const listSystemLogs = route(API.logs.systemLogs, (context) => async ({ auth: { target }, query }) => {
  let select = context.db.selectFrom('system_logs').selectAll().where('environment_id', '=', target.id);
  for (const condition of logPageConditions(query)) select = select.where(condition);
  if (query.device_name) select = select.where(contains('device_name', query.device_name));
  if (query.device_attribute_types?.length)
    select = select.where('device_attribute_type', 'in', query.device_attribute_types);
  const rows = await select.orderBy('id', logPageOrder(query)).limit(logPageSize(query)).execute();
  const entries: SystemLogEntry[] = rows.map((row) => ({
    id: row.id,
    device_id: row.device_id,
    device_name: row.device_name,
    device_attribute_type: row.device_attribute_type,
    event_type: row.event_type,
    value: row.value,
    severity: row.severity,
    description: row.description,
    log_time: new Date(row.log_time).toISOString(),
  }));
  return { system_logs: entries };
});
