import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { environmentThresholds, thresholdView } from '../../store/thresholds.js';

/** GET config/{env}/thresholds: the environment's thresholds, one per attribute type (made on first use). */
export const listThresholds = route(API.thresholds.list, (context) => async ({ auth }) => {
  const rows = await environmentThresholds(context.db, auth.target.id, context.now());
  return { thresholds: rows.map(thresholdView) };
});
