import { API } from '@halo/shared';
import type { DeviceStatusEntry } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { devicesOfQuery } from './deviceQueries.js';
import { parseLinksInfo, parseSystemReport } from '../../store/deviceJsonColumns.js';

/** GET config/{env}/devices/device_status?devices=1,2,3: per device its links and system report. */
export const getDeviceStatus = route(API.devices.deviceStatus, (context) => async ({ auth, query: { devices } }) => {
  const { query, empty } = devicesOfQuery(context, auth, devices);
  const rows = empty
    ? []
    : await query.select(['id', 'halo_data_links_info', 'halo_system_report']).orderBy('id').execute();
  const deviceStatus: DeviceStatusEntry[] = rows.map((row) => ({
    device_id: row.id,
    halo_data_links_info: parseLinksInfo(row.halo_data_links_info),
    halo_system_report: parseSystemReport(row.halo_system_report),
  }));
  return { device_status: deviceStatus };
});
