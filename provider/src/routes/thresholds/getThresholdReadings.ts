import { API, type ThresholdAttributeType, type ThresholdReadingsResponse } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { jsonArrayAnswer } from '../../http/jsonAnswer.js';
import { findReachable } from '../../http/reachable.js';
import { textOfBatches } from '../../store/keysetPages.js';
import { environmentDevicesQuery, simEventsLastHourQuery } from './thresholdReadings.js';

/**
 * GET config/{env}/thresholds/{id}/readings: what the environment's devices read now on the
 * threshold's attribute, so the editor can count devices per severity as the values change.
 * Read and shaped in the read pool (thresholdReadings.ts) in keyset batches of devices, each
 * batch's text sent as it comes (the contract's bound: streamed).
 */
export const getThresholdReadings = route(API.thresholds.readings, (context) => async ({ auth, params, signal }) => {
  const threshold = await findReachable(context.db, 'thresholds', auth, params.id);
  const type = threshold.device_attribute_type as ThresholdAttributeType;
  const now = context.now();
  const read = context.reads.begin('export', signal);
  const simEvents = await read.rows(simEventsLastHourQuery(context.db, threshold.environment_id, now).compile());
  const of = { type, now, simEvents: simEvents.map((row) => [row.device_id, Number(row.count)] as const) };
  const devices = environmentDevicesQuery(context.db, threshold.environment_id);
  const batches = textOfBatches((pastId, limit) => {
    const batch = pastId === undefined ? devices : devices.where('id', '>', pastId);
    return read.shaped(batch.orderBy('id').limit(limit).compile(), 'thresholdReadings', of);
  }, context.config.listBatchRows);
  return jsonArrayAnswer<ThresholdReadingsResponse>('readings', batches, { device_attribute_type: type });
});
