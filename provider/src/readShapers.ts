import { availabilityCsvBatch, availabilityReportBatch } from './routes/devices/availabilityRows.js';
import { checkImportRecords, countImportRecords } from './routes/devices/deviceImportCheck.js';
import { deviceListBatch } from './routes/devices/deviceListText.js';
import { firmwareReportCsv, firmwareReportOf } from './routes/devices/firmwareInUse.js';
import { devicesStateColumnsText, devicesStateEntriesBatch } from './routes/devices/devicesStateText.js';
import {
  dataLinksInfoText,
  deviceStatusText,
  linksAvailabilityText,
  locationsText,
} from './routes/devices/deviceStatusText.js';
import { attributeReadingsBatch } from './routes/thresholds/thresholdReadings.js';
import { rawSamplesBinary, rolledUpCellsBinary } from './routes/heatsight/heatSightBinary.js';
import { alarmCells } from './routes/alarms/alarmQuery.js';
import { csvShaper } from './routes/logs/logPage.js';
import { satcomMessageCells } from './routes/logs/satcomMessageQuery.js';
import { systemLogCells } from './routes/logs/systemLogQuery.js';
import { userAuditCells } from './routes/logs/userAuditQuery.js';
import { textBatch, type TextBatch } from './store/keysetPages.js';

/** Rows as they were read, written as a JSON array (rows whose columns are the answer's fields). */
const rowsJson = (rows: readonly unknown[]): string => JSON.stringify(rows);

/** The same as one batch of a streamed array (items without brackets), with its last id for the next. */
const rowsJsonBatch = (rows: readonly { readonly id: number }[]): TextBatch => textBatch(rows, JSON.stringify, ',');

/**
 * What a heavy read's rows may be turned into where they were read (readPool.ts): in a read
 * worker (either store) the shaper runs on the worker's thread and only its result (a string
 * mostly, or bytes) crosses to the request loop; the inline pool runs it on the request loop.
 * A shaper is a plain function of the rows: the worker loads this module by its file.
 */
export const readShapers = {
  rowsJson,
  rowsJsonBatch,
  devicesStateColumns: devicesStateColumnsText,
  devicesStateEntries: devicesStateEntriesBatch,
  deviceStatus: deviceStatusText,
  dataLinksInfo: dataLinksInfoText,
  linksAvailability: linksAvailabilityText,
  locations: locationsText,
  thresholdReadings: attributeReadingsBatch,
  availabilityReport: availabilityReportBatch,
  availabilityReportCsv: availabilityCsvBatch,
  firmwareReport: firmwareReportOf,
  firmwareReportCsv,
  systemLogCsv: csvShaper(systemLogCells),
  satcomMessageCsv: csvShaper(satcomMessageCells),
  userAuditCsv: csvShaper(userAuditCells),
  alarmCsv: csvShaper(alarmCells),
  deviceImportCount: countImportRecords,
  deviceImportCheck: checkImportRecords,
  deviceList: deviceListBatch,
  heatSightRawSamples: rawSamplesBinary,
  heatSightCells: rolledUpCellsBinary,
} as const;

export type ReadShapers = typeof readShapers;
export type ReadShaperName = keyof ReadShapers;
