import type { RequestHandler } from 'express';
import type { DeviceStatusEntry } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { devicesOfQuery } from './deviceQueries.js';
import { parseLinksInfo, parseSystemReport } from './deviceView.js';

/** GET config/{env}/devices/device_status?devices=1,2,3: per device its links and system report. */
export function getDeviceStatus(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { query, empty } = devicesOfQuery(context, request);
    const rows = empty
      ? []
      : await query.select(['id', 'halo_data_links_info', 'halo_system_report']).orderBy('id').execute();
    const deviceStatus: DeviceStatusEntry[] = rows.map((row) => ({
      device_id: row.id,
      halo_data_links_info: parseLinksInfo(row.halo_data_links_info),
      halo_system_report: parseSystemReport(row.halo_system_report),
    }));
    response.json({ device_status: deviceStatus });
  };
}
