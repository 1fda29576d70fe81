import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { firmwareCounts } from './firmwareInUse.js';

/**
 * GET config/{env}/devices/reports/firmware: the firmware versions the environment's devices
 * run, how many run each and how many of those are behind (or ahead of) the version their
 * upgrade policy fixes. Counted by the database and made a report in the read pool.
 */
export const getFirmwareReport = route(
  API.devices.firmwareReport,
  (context) =>
    ({ auth, signal }) =>
      context.reads
        .begin('page', signal)
        .shaped(firmwareCounts(context.db, context.dialect, auth.target.id), 'firmwareReport', undefined),
);
