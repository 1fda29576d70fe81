import { availabilityReportCsv, availabilityReportText } from './routes/devices/availabilityRows.js';
import { devicesStateColumnsText } from './routes/devices/devicesStateColumnsText.js';

/**
 * What a heavy read's rows may be turned into where they were read (readPool.ts): in a SQLite
 * read worker the shaper runs on the worker's thread and only its result (a string, mostly)
 * crosses to the request loop; the PostgreSQL and inline pools run it on the request loop.
 * A shaper is a plain function of the rows: the worker loads this module by its file.
 */
export const readShapers = {
  devicesStateColumns: devicesStateColumnsText,
  availabilityReport: availabilityReportText,
  availabilityReportCsv,
} as const;

export type ReadShapers = typeof readShapers;
export type ReadShaperName = keyof ReadShapers;
