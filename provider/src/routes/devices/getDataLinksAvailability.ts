import { API, LINK_INTERFACE_KINDS, type DataLinksAvailability, type NicCounts } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { devicesOfQuery } from './deviceQueries.js';
import { parseLinksSummary } from './deviceView.js';

/**
 * GET config/{env}/devices/data_links_availability: online and offline link counts per
 * interface kind. A device that is not connected has every link offline.
 */
export const getDataLinksAvailability = route(
  API.devices.dataLinksAvailability,
  (context) =>
    async ({ auth, query: { devices } }) => {
      const { query, empty } = devicesOfQuery(context, auth, devices);
      const rows = empty
        ? []
        : await query.select(['id', 'availability', 'is_activated', 'links_summary']).orderBy('id').execute();
      const availability: DataLinksAvailability[] = rows.map((row) => {
        const summary = parseLinksSummary(row);
        const connected = row.is_activated === 1 && row.availability === 1;
        const nics = {} as Record<(typeof LINK_INTERFACE_KINDS)[number], NicCounts>;
        for (const kind of LINK_INTERFACE_KINDS) {
          const { online, total } = summary[kind];
          nics[kind] = connected ? { online, offline: total - online } : { online: 0, offline: total };
        }
        return { device_id: row.id, nics_info: nics };
      });
      return { halo_data_links_availability: availability };
    },
);
