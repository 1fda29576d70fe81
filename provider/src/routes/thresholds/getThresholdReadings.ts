import { API, type ThresholdAttributeType } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { findReachable } from '../../http/reachable.js';
import { attributeReadings } from './thresholdReadings.js';

/**
 * GET config/{env}/thresholds/{id}/readings: what the environment's devices read now on the
 * threshold's attribute, so the editor can count devices per severity as the values change.
 */
export const getThresholdReadings = route(API.thresholds.readings, (context) => async ({ auth, params }) => {
  const threshold = await findReachable(context.db, 'thresholds', auth, params.id);
  const type = threshold.device_attribute_type as ThresholdAttributeType;
  return {
    device_attribute_type: type,
    readings: await attributeReadings(context.db, threshold.environment_id, type, context.now()),
  };
});
