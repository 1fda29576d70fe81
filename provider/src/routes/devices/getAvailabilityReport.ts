import { API, type AvailabilityFigures, type AvailabilityReport, type AvailabilityReportQuery } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { route } from '../../http/endpointRoute.js';
import { jsonArrayAnswer, type JsonText } from '../../http/jsonAnswer.js';
import { findReachable } from '../../http/reachable.js';
import type { Scoped } from '../../http/tenancy.js';
import { addTotals, availabilityOf, NO_TOTALS } from '../../store/deviceHistory.js';
import { keysetPages } from '../../store/keysetPages.js';
import { availabilityRows } from './availabilityRows.js';

/** A report's devices as text batches, and the devices' figures together once they are all read. */
export interface AvailabilityBatches {
  readonly batches: AsyncIterable<JsonText>;
  /** The devices together: asked after the batches are read (their totals summed as they come). */
  readonly total: () => AvailabilityFigures;
}

/**
 * The report of a window, batch by batch: the environment's devices by id in keyset batches
 * (HALO_LIST_BATCH_ROWS), or the one `device_id` names when it is the environment's (any other
 * is not found), each batch figured and written by `shaper` in the read pool, so memory holds a
 * batch, not the fleet. What is known ends now: a window reaching past it is figured up to now.
 */
export async function availabilityBatches(
  context: ProviderContext,
  call: {
    readonly auth: Scoped;
    readonly query: Pick<AvailabilityReportQuery, 'from' | 'to' | 'device_id'>;
    readonly signal: AbortSignal;
  },
  shaper: 'availabilityReport' | 'availabilityReportCsv',
): Promise<AvailabilityBatches> {
  const { auth, query, signal } = call;
  if (query.device_id !== undefined) await findReachable(context.db, 'devices', auth, query.device_id);
  const window = { from: query.from, until: Math.max(query.from, Math.min(query.to, context.now())) };
  const read = context.reads.begin('export', signal);
  let totals = NO_TOTALS;
  async function* batches(): AsyncGenerator<JsonText> {
    const pages = keysetPages(
      (pastId, limit) =>
        read.shaped(
          availabilityRows(context.db, auth.target.id, window, { deviceId: query.device_id, pastId, limit }),
          shaper,
          undefined,
        ),
      (batch) => batch,
      context.config.listBatchRows,
    );
    for await (const batch of pages) {
      totals = addTotals(totals, batch.totals);
      yield batch.text;
    }
  }
  return { batches: batches(), total: () => availabilityOf(totals) };
}

/**
 * GET config/{env}/devices/reports/availability?from&to[&device_id]: each device's availability
 * (share of its observed time connected), outages and mean time to recover over the window, and
 * the devices' together. The spec's kind of whole set (a 100,000-device environment gives
 * 100,000 rows), so streamed: read and figured in the read pool a batch at a time by device id
 * (availabilityBatches), each batch's JSON sent as it comes, `total` after the devices once all
 * are summed. The Reports page sorts and pages the devices itself (least available first).
 */
export const getAvailabilityReport = route(
  API.devices.availabilityReport,
  (context) =>
    async ({ auth, query, signal }) => {
      const { batches, total } = await availabilityBatches(context, { auth, query, signal }, 'availabilityReport');
      return jsonArrayAnswer<AvailabilityReport>('devices', batches, { from: query.from, to: query.to }, () => ({
        total: total(),
      }));
    },
);
