import { API } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { devicesOfQuery } from './deviceQueries.js';
import { parseLinksInfo } from '../../store/deviceJsonColumns.js';

/** GET config/{env}/devices/data_links_info?devices=1,2,3: the links of each device per interface kind. */
export const getDataLinksInfo = route(API.devices.dataLinksInfo, (context) => async ({ auth, query: { devices } }) => {
  const { query, empty } = devicesOfQuery(context, auth, devices);
  const rows = empty ? [] : await query.select(['id', 'halo_data_links_info']).orderBy('id').execute();
  return {
    halo_data_links_info: rows.map((row) => ({
      device_id: row.id,
      halo_data_links_info: parseLinksInfo(row.halo_data_links_info),
    })),
  };
});
