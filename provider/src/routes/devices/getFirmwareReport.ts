import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { firmwareCounts, firmwareReportOf } from './firmwareInUse.js';

/**
 * GET config/{env}/devices/reports/firmware: the firmware versions the environment's devices
 * run, how many run each and how many of those are behind (or ahead of) the version their
 * upgrade policy fixes. Counted by the database in the read pool.
 */
export const getFirmwareReport = route(API.devices.firmwareReport, (context) => async ({ auth, signal }) => {
  const rows = await context.reads
    .begin('page', signal)
    .rows(firmwareCounts(context.db, context.dialect, auth.target.id));
  return firmwareReportOf(rows);
});
