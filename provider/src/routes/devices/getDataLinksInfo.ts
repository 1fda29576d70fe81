import { API, type DataLinksInfoResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { jsonAnswerWith } from '../../http/jsonAnswer.js';
import { devicesOfQuery } from './deviceQueries.js';

/**
 * GET config/{env}/devices/data_links_info?devices=1,2,3: the links of each device per interface
 * kind, read and written as JSON in the read pool (deviceStatusText.ts).
 */
export const getDataLinksInfo = route(
  API.devices.dataLinksInfo,
  (context) =>
    async ({ auth, query: { devices }, signal }) => {
      const { query, empty } = devicesOfQuery(context, auth, devices);
      if (empty) return { halo_data_links_info: [] };
      const rows = query.select(['id', 'halo_data_links_info']).orderBy('id').compile();
      const text = await context.reads.begin('page', signal).shaped(rows, 'dataLinksInfo', undefined);
      return jsonAnswerWith<DataLinksInfoResponse>({}, { halo_data_links_info: text });
    },
);
