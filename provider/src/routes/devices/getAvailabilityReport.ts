import { API, type AvailabilityReport, type AvailabilityReportQuery } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { route } from '../../http/endpointRoute.js';
import { jsonAnswerWith } from '../../http/jsonAnswer.js';
import { findReachable } from '../../http/reachable.js';
import type { Scoped } from '../../http/tenancy.js';
import { availabilityRows } from './availabilityRows.js';

/**
 * The read of a report's window: the environment's devices, or the one `device_id` names when
 * it is the environment's (any other is not found). What is known ends now: a window reaching
 * past it is figured up to now.
 */
export async function availabilityQuery(
  context: ProviderContext,
  auth: Scoped,
  query: Pick<AvailabilityReportQuery, 'from' | 'to' | 'device_id'>,
) {
  if (query.device_id !== undefined) await findReachable(context.db, 'devices', auth, query.device_id);
  const until = Math.max(query.from, Math.min(query.to, context.now()));
  return availabilityRows(context.db, auth.target.id, { from: query.from, until }, query.device_id);
}

/**
 * GET config/{env}/devices/reports/availability?from&to[&device_id]: each device's availability
 * (share of its observed time connected), outages and mean time to recover over the window,
 * least available first, and the devices' together. Read and figured in the read pool
 * (availabilityRows.ts), so a 100,000-device environment does not hold the loop that answers
 * everyone; the devices' part comes back as JSON text and is sent as it is.
 */
export const getAvailabilityReport = route(
  API.devices.availabilityReport,
  (context) =>
    async ({ auth, query, signal }) => {
      const rows = await availabilityQuery(context, auth, query);
      const { shaped } = await context.reads.begin('page', signal).shapedSnapshot([], rows, 'availabilityReport');
      return jsonAnswerWith<AvailabilityReport>(
        { from: query.from, to: query.to, total: shaped.total },
        { devices: shaped.devices },
      );
    },
);
