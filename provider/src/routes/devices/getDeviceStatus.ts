import { API, type DeviceStatusResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { jsonAnswerWith } from '../../http/jsonAnswer.js';
import { devicesOfQuery } from './deviceQueries.js';

/**
 * GET config/{env}/devices/device_status?devices=1,2,3: per device its links and system report,
 * read and written as JSON in the read pool (deviceStatusText.ts).
 */
export const getDeviceStatus = route(
  API.devices.deviceStatus,
  (context) =>
    async ({ auth, query: { devices }, signal }) => {
      const { query, empty } = devicesOfQuery(context, auth, devices);
      if (empty) return { device_status: [] };
      const rows = query.select(['id', 'halo_data_links_info', 'halo_system_report']).orderBy('id').compile();
      const text = await context.reads.begin('page', signal).shaped(rows, 'deviceStatus', undefined);
      return jsonAnswerWith<DeviceStatusResponse>({}, { device_status: text });
    },
);
