import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { exportFileName } from '../logs/logPage.js';
import { firmwareCounts } from './firmwareInUse.js';

/**
 * GET config/{env}/devices/reports/firmware/export: the firmware report as CSV (formula-safe),
 * labels in `lang`, written in the read pool where the counts were read.
 */
export const exportFirmwareReport = route(
  API.devices.firmwareReportExport,
  (context) =>
    async ({ auth, query, signal }) => {
      const text = await context.reads
        .begin('export', signal)
        .shaped(firmwareCounts(context.db, context.dialect, auth.target.id), 'firmwareReportCsv', query.lang);
      return {
        fileName: exportFileName('firmware', context.now()),
        contentType: CSV_MEDIA_TYPE,
        data: Buffer.from(text),
      };
    },
);
