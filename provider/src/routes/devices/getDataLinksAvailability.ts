import { API, type DataLinksAvailabilityResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { perDeviceAnswer } from './deviceQueries.js';

/**
 * GET config/{env}/devices/data_links_availability: online and offline link counts per
 * interface kind (a device that is not connected has every link offline).
 */
export const getDataLinksAvailability = route(
  API.devices.dataLinksAvailability,
  (context) =>
    ({ auth, query: { devices }, signal }) =>
      perDeviceAnswer<DataLinksAvailabilityResponse, 'linksAvailability'>(
        context,
        { auth, devices, signal },
        'halo_data_links_availability',
        'linksAvailability',
        (query) => query.select(['id', 'availability', 'is_activated', 'links_summary']),
      ),
);
