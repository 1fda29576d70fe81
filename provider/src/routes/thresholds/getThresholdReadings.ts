import { API, type ThresholdAttributeType, type ThresholdReadingsResponse } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { jsonAnswerWith } from '../../http/jsonAnswer.js';
import { findReachable } from '../../http/reachable.js';
import { environmentDevicesQuery, simEventsLastHourQuery } from './thresholdReadings.js';

/**
 * GET config/{env}/thresholds/{id}/readings: what the environment's devices read now on the
 * threshold's attribute, so the editor can count devices per severity as the values change.
 * Read and shaped in the read pool (thresholdReadings.ts).
 */
export const getThresholdReadings = route(API.thresholds.readings, (context) => async ({ auth, params, signal }) => {
  const threshold = await findReachable(context.db, 'thresholds', auth, params.id);
  const type = threshold.device_attribute_type as ThresholdAttributeType;
  const now = context.now();
  const read = context.reads.begin('page', signal);
  const simEvents = await read.rows(simEventsLastHourQuery(context.db, threshold.environment_id, now).compile());
  const readings = await read.shaped(
    environmentDevicesQuery(context.db, threshold.environment_id).compile(),
    'thresholdReadings',
    { type, now, simEvents: simEvents.map((row) => [row.device_id, Number(row.count)] as const) },
  );
  return jsonAnswerWith<ThresholdReadingsResponse>({ device_attribute_type: type }, { readings });
});
