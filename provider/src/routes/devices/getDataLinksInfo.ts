import { API, type DataLinksInfoResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { perDeviceAnswer } from './deviceQueries.js';

/** GET config/{env}/devices/data_links_info?devices=1,2,3: the links of each device per interface kind. */
export const getDataLinksInfo = route(
  API.devices.dataLinksInfo,
  (context) =>
    ({ auth, query: { devices }, signal }) =>
      perDeviceAnswer<DataLinksInfoResponse, 'dataLinksInfo'>(
        context,
        { auth, devices, signal },
        'halo_data_links_info',
        'dataLinksInfo',
        (query) => query.select(['id', 'halo_data_links_info']),
      ),
);
