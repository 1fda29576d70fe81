import { API, type DeviceStatusResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { perDeviceAnswer } from './deviceQueries.js';

/** GET config/{env}/devices/device_status?devices=1,2,3: per device its links and system report. */
export const getDeviceStatus = route(
  API.devices.deviceStatus,
  (context) =>
    ({ auth, query: { devices }, signal }) =>
      perDeviceAnswer<DeviceStatusResponse, 'deviceStatus'>(
        context,
        { auth, devices, signal },
        'device_status',
        'deviceStatus',
        (query) => query.select(['id', 'halo_data_links_info', 'halo_system_report']),
      ),
);
