import { API, SATCOM_PROVIDER_SATELLITE_MESSAGING, type SatcomMessage } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';

import { contains, logPageConditions, logPageOrder, logPageSize } from './logPage.js';

const isoOrNull = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/**
 * GET config/{env}/satcom_messages, the messaging log: newest first, `page_size` entries (100
 * unless told), older pages with `object_id` (the last id seen); filters free_text (name,
 * serial, IMEI, network or description), device_name, device_ids, start_date/end_date
 * (YYYY-MM-DD, UTC, both days included) and severities. With `since_id`, the entries after
 * it, oldest first.
 */
export const listSatcomMessages = route(API.logs.satcomMessages, (context) => async ({ auth: { target }, query }) => {
  let select = context.db.selectFrom('satcom_messages').selectAll().where('environment_id', '=', target.id);
  for (const condition of logPageConditions(query)) select = select.where(condition);
  const freeText = query.free_text;
  if (freeText) {
    const columns = ['halo_name', 'halo_serial', 'satcom_imei', 'network', 'description'];
    select = select.where((eb) => eb.or(columns.map((column) => contains(column, freeText))));
  }
  if (query.device_name) select = select.where(contains('halo_name', query.device_name));
  const rows = await select.orderBy('id', logPageOrder(query)).limit(logPageSize(query)).execute();
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
  return { satcom_messages: messages };
});
