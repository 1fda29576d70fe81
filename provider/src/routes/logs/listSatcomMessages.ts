import type { RequestHandler } from 'express';
import { sql } from 'kysely';
import { SATCOM_PROVIDER_SATELLITE_MESSAGING, SatcomMessageQuerySchema, type SatcomMessage } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { parseQuery } from '../../http/parse.js';
import { scoped } from '../../http/tenancy.js';
import { DAY_MS } from '../../store/connectivityUsage.js';

const DEFAULT_PAGE_SIZE = 100;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const isoOrNull = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/**
 * GET config/{env}/satcom_messages, the messaging log: newest first, `page_size` entries (100
 * unless told), older pages with `object_id` (the last id seen); filters free_text (name,
 * serial, IMEI, network or description), device_name, device_ids, start_date/end_date
 * (YYYY-MM-DD, UTC, both days included) and severities. With `since_id`, the entries after
 * it, oldest first.
 */
export function listSatcomMessages(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const query = parseQuery(SatcomMessageQuerySchema, request.query);
    const { target } = scoped(request);
    let select = context.db.selectFrom('satcom_messages').selectAll().where('environment_id', '=', target.id);
    if (query.object_id !== undefined) select = select.where('id', '<', query.object_id);
    if (query.since_id !== undefined) select = select.where('id', '>', query.since_id);
    if (query.free_text) {
      const pattern = likePattern(query.free_text);
      select = select.where((eb) =>
        eb.or(
          (['halo_name', 'halo_serial', 'satcom_imei', 'network', 'description'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    if (query.device_name)
      select = select.where(sql<boolean>`lower(halo_name) like ${likePattern(query.device_name)} escape '\\'`);
    if (query.device_ids?.length) select = select.where('device_id', 'in', query.device_ids);
    if (query.severities?.length) select = select.where('severity', 'in', query.severities);
    if (query.start_date) select = select.where('log_time', '>=', Date.parse(`${query.start_date}T00:00:00Z`));
    if (query.end_date) select = select.where('log_time', '<', Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS);
    const rows = await select
      .orderBy('id', query.since_id === undefined ? 'desc' : 'asc')
      .limit(query.page_size ?? DEFAULT_PAGE_SIZE)
      .execute();
    const messages: SatcomMessage[] = rows.map((row) => ({
      id: row.id,
      device_id: row.device_id,
      log_time: new Date(row.log_time).toISOString(),
      satcom_timestamp: isoOrNull(row.satcom_time),
      halo_name: row.halo_name,
      halo_serial: row.halo_serial,
      satcom_imei: row.satcom_imei,
      network: row.network,
      severity: row.severity,
      description: row.description,
      lat: row.latitude,
      long: row.longitude,
      altitude: row.altitude,
      ...(row.link_status === null ? {} : { link_status: row.link_status as SatcomMessage['link_status'] }),
      provider: SATCOM_PROVIDER_SATELLITE_MESSAGING,
    }));
    response.json({ satcom_messages: messages });
  };
}
