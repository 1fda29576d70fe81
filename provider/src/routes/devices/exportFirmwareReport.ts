import { API, CSV_MEDIA_TYPE, csvLine, DEVICE_REPORT_LABELS } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { exportFileName } from '../logs/logPage.js';
import { FIRMWARE_CSV_HEADER, firmwareCells, firmwareCounts, firmwareReportOf } from './firmwareInUse.js';

/** GET config/{env}/devices/reports/firmware/export: the firmware report as CSV (formula-safe), labels in `lang`. */
export const exportFirmwareReport = route(
  API.devices.firmwareReportExport,
  (context) =>
    async ({ auth, query, signal }) => {
      const rows = await context.reads
        .begin('export', signal)
        .rows(firmwareCounts(context.db, context.dialect, auth.target.id));
      const lines = firmwareCells(firmwareReportOf(rows), DEVICE_REPORT_LABELS[query.lang]).map(csvLine);
      return {
        fileName: exportFileName('firmware', context.now()),
        contentType: CSV_MEDIA_TYPE,
        data: Buffer.from(csvLine(FIRMWARE_CSV_HEADER) + lines.join('')),
      };
    },
);
