import { API } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';

import { devicesOfQuery } from './deviceQueries.js';
import { deviceView } from './deviceView.js';

/**
 * GET config/{env}/devices: every device of environment {env} with its status and reporting,
 * those `devices=1,2,3` names (the Devices table asks for the rows on screen), or its servers
 * with `is_server=true` (a new server is offered a port range they leave free).
 */
export const listDevices = route(
  API.devices.list,
  (context) =>
    async ({ auth, query: { devices, is_server: isServer } }) => {
      const { query, empty } = devicesOfQuery(context, auth, devices);
      if (empty) return { devices: [] };
      const rows = await (isServer === undefined ? query : query.where('is_server', '=', isServer ? 1 : 0))
        .selectAll()
        .orderBy('id')
        .execute();
      return { devices: rows.map(deviceView) };
    },
);
