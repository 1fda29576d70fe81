import type { RequestHandler } from 'express';
import type { ProviderContext } from '../../context.js';
import { devicesOfQuery } from './deviceQueries.js';
import { parseLinksInfo } from './deviceView.js';

/** GET config/{env}/devices/data_links_info?devices=1,2,3: the links of each device per interface kind. */
export function getDataLinksInfo(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { query, empty } = devicesOfQuery(context, request);
    const rows = empty ? [] : await query.select(['id', 'halo_data_links_info']).orderBy('id').execute();
    response.json({
      halo_data_links_info: rows.map((row) => ({
        device_id: row.id,
        halo_data_links_info: parseLinksInfo(row.halo_data_links_info),
      })),
    });
  };
}
