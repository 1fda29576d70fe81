import { Readable } from 'node:stream';
import { API, CSV_MEDIA_TYPE, csvLine, DEVICE_REPORT_LABELS } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { textSlices } from '../../http/jsonAnswer.js';
import { exportFileName } from '../logs/logPage.js';
import { AVAILABILITY_CSV_HEADER, availabilityCells } from './availabilityRows.js';
import { availabilityQuery } from './getAvailabilityReport.js';

/**
 * GET config/{env}/devices/reports/availability/export: the availability report as CSV
 * (formula-safe, shared csv.ts): the devices together first, named in `lang`, then each device,
 * least available first. The devices' lines are written in the read pool with the figures.
 */
export const exportAvailabilityReport = route(
  API.devices.availabilityReportExport,
  (context) =>
    async ({ auth, query, signal }) => {
      const rows = await availabilityQuery(context, auth, query);
      const { shaped } = await context.reads.begin('export', signal).shapedSnapshot([], rows, 'availabilityReportCsv');
      const head =
        csvLine(AVAILABILITY_CSV_HEADER) +
        csvLine(availabilityCells(null, DEVICE_REPORT_LABELS[query.lang].allDevices, shaped.total));
      return {
        fileName: exportFileName('availability', context.now()),
        contentType: CSV_MEDIA_TYPE,
        // Sent as it came from the read worker, in slices with back-pressure (not joined here).
        data: Readable.from([head, ...textSlices(shaped.lines)]),
      };
    },
);
