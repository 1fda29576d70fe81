import { API, CSV_MEDIA_TYPE, csvLine, DEVICE_REPORT_LABELS } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import type { JsonText } from '../../http/jsonAnswer.js';
import { exportFileName } from '../logs/logPage.js';
import { AVAILABILITY_CSV_HEADER, availabilityCells } from './availabilityRows.js';
import { availabilityBatches, type AvailabilityBatches } from './getAvailabilityReport.js';

/** The file's text: the header, each device's line as its batch comes, then the devices together. */
async function* csvOf({ batches, total }: AvailabilityBatches, allDevices: string): AsyncGenerator<JsonText> {
  yield csvLine(AVAILABILITY_CSV_HEADER);
  yield* batches;
  yield csvLine(availabilityCells(null, allDevices, total()));
}

/**
 * GET config/{env}/devices/reports/availability/export: the availability report as CSV
 * (formula-safe, shared csv.ts): each device by id, then the devices together, named in
 * `lang` (last: their sum is known once every device is read). Streamed: the devices' lines
 * are figured and written in the read pool a batch at a time and sent as they come.
 */
export const exportAvailabilityReport = route(
  API.devices.availabilityReportExport,
  (context) =>
    async ({ auth, query, signal }) => ({
      fileName: exportFileName('availability', context.now()),
      contentType: CSV_MEDIA_TYPE,
      data: csvOf(
        await availabilityBatches(context, { auth, query, signal }, 'availabilityReportCsv'),
        DEVICE_REPORT_LABELS[query.lang].allDevices,
      ),
    }),
);
