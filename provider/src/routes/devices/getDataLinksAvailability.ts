import { API, type DataLinksAvailabilityResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { jsonAnswerWith } from '../../http/jsonAnswer.js';
import { devicesOfQuery } from './deviceQueries.js';

/**
 * GET config/{env}/devices/data_links_availability: online and offline link counts per
 * interface kind (a device that is not connected has every link offline), read and written as
 * JSON in the read pool (deviceStatusText.ts).
 */
export const getDataLinksAvailability = route(
  API.devices.dataLinksAvailability,
  (context) =>
    async ({ auth, query: { devices }, signal }) => {
      const { query, empty } = devicesOfQuery(context, auth, devices);
      if (empty) return { halo_data_links_availability: [] };
      const rows = query.select(['id', 'availability', 'is_activated', 'links_summary']).orderBy('id').compile();
      const text = await context.reads.begin('page', signal).shaped(rows, 'linksAvailability', undefined);
      return jsonAnswerWith<DataLinksAvailabilityResponse>({}, { halo_data_links_availability: text });
    },
);
