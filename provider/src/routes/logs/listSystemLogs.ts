import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { logPageOrder, logPageSize } from './logPage.js';
import { systemLogEntry, systemLogRows } from './systemLogQuery.js';

/**
 * GET config/{env}/system_logs: newest first, `page_size` entries (100 unless told), older
 * pages with `object_id` (the last id seen); filters device_name (part of the name),
 * device_ids, start_date/end_date (a date or a date-time, UTC), severities,
 * device_attribute_types and alerts_only. With `since_id` the answer is the entries after it,
 * oldest first.
 */
export const listSystemLogs = route(API.logs.systemLogs, (context) => async ({ auth: { target }, query, signal }) => {
  const read = context.reads.begin('page', signal);
  const rows = await systemLogRows(context, read, target.id, query, logPageOrder(query), logPageSize(query));
  return { system_logs: rows.map(systemLogEntry) };
});
