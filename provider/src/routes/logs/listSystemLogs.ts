import type { RequestHandler } from 'express';
import { sql } from 'kysely';
import { QueryIntSchema, SystemLogQuerySchema, type SystemLogEntry } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { parseQuery } from '../../http/parse.js';
import { scoped } from '../../http/tenancy.js';

/**
 * The shared query plus `since_id`: entries after that id, oldest first, so a poller (the
 * gateway's logs.system feed) asks for what is new since the last id it saw.
 */
export const SystemLogPollQuerySchema = SystemLogQuerySchema.extend({ since_id: QueryIntSchema.optional() });

const DEFAULT_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;

/**
 * GET config/{env}/system_logs: newest first, `page_size` entries (100 unless told), older
 * pages with `object_id` (the last id seen); filters device_name (part of the name),
 * device_ids, start_date/end_date (YYYY-MM-DD, UTC, both days included), severities and
 * device_attribute_types. With `since_id` the answer is the entries after it, oldest first.
 */
export function listSystemLogs(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const query = parseQuery(SystemLogPollQuerySchema, request.query);
    const { target } = scoped(request);
    let select = context.db.selectFrom('system_logs').selectAll().where('environment_id', '=', target.id);
    if (query.object_id !== undefined) select = select.where('id', '<', query.object_id);
    if (query.since_id !== undefined) select = select.where('id', '>', query.since_id);
    if (query.device_name) {
      const pattern = `%${query.device_name.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      select = select.where(sql<boolean>`lower(device_name) like ${pattern} escape '\\'`);
    }
    if (query.device_ids?.length) select = select.where('device_id', 'in', query.device_ids);
    if (query.severities?.length) select = select.where('severity', 'in', query.severities);
    if (query.device_attribute_types?.length)
      select = select.where('device_attribute_type', 'in', query.device_attribute_types);
    if (query.start_date) select = select.where('log_time', '>=', Date.parse(`${query.start_date}T00:00:00Z`));
    if (query.end_date) select = select.where('log_time', '<', Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS);
    const rows = await select
      .orderBy('id', query.since_id === undefined ? 'desc' : 'asc')
      .limit(query.page_size ?? DEFAULT_PAGE_SIZE)
      .execute();
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
    response.json({ system_logs: entries });
  };
}
