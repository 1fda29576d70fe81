import {
  API,
  encodeHistoryCells,
  encodeHistorySamples,
  HEATSIGHT_CONTENT_TYPE,
  HEATSIGHT_WINDOWS,
  heatSightReach,
} from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { forbidden } from '../../http/httpError.js';
import { descendantsOf, subjectOf } from '../../http/tenancy.js';
import { GRID, historyCells, historyExtent, historySamples } from '../../store/positionSamples.js';

/**
 * GET config/{env}/heatsight/samples: the position history of {env} (and, with subtree=1,
 * every environment below it) in a window, as binary columns. The caller's own environment
 * needs HeatSight feature 1 or 2; one below it, or the subtree, feature 2.
 */
export const getHeatSightSamples = route(API.heatSight.samples, (context) => async ({ auth, query }) => {
  const { target, user } = auth;
  const reachesBelow = heatSightReach(subjectOf(auth).enabled_feature_ids) === 'descendants';
  if ((target.id !== user.environment_id || query.subtree === '1') && !reachesBelow)
    throw forbidden('HeatSight for the environments below needs the feature for all environments');
  const below = query.subtree === '1' ? await descendantsOf(context.db, target.id) : [];
  const to = query.until ?? context.now();
  const filter = {
    environmentIds: [target.id, ...below.map((environment) => environment.id)],
    from: to - HEATSIGHT_WINDOWS[query.window],
    to,
    bbox: query.bbox,
  };
  const { count, extent } = await historyExtent(context.db, filter);
  const frame = { from: filter.from, to, extent: extent ?? { west: 0, south: 0, east: 0, north: 0 } };
  let data: Uint8Array;
  if (!extent || count <= query.max_points) {
    data = encodeHistorySamples(frame, extent ? await historySamples(context.db, filter) : []);
  } else {
    // Coarser cells and buckets, halving each time, until they fit (one cell at the coarsest).
    let coarsen = 1;
    let cells = await historyCells(context.db, filter, extent);
    while (cells.length > query.max_points && coarsen < GRID) {
      coarsen *= 2;
      cells = await historyCells(context.db, filter, extent, coarsen);
    }
    data = encodeHistoryCells(frame, cells);
  }
  return { fileName: `heatsight-${query.window}.bin`, contentType: HEATSIGHT_CONTENT_TYPE, data };
});
