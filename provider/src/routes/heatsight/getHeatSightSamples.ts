import {
  API,
  encodeHistoryCells,
  encodeHistorySamples,
  HEATSIGHT_CONTENT_TYPE,
  HEATSIGHT_WINDOWS,
  heatSightReach,
} from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { forbidden } from '../../errors/httpError.js';
import { descendantsOf, subjectOf } from '../../http/tenancy.js';
import { historyCellsFromRollups, samplesAtMostOf, samplesAtMostQuery } from '../../store/positionRollups.js';
import { extentOf, historySamplesQuery } from '../../store/positionSamples.js';
import { NO_EXTENT } from './rawSamplesBinary.js';

/**
 * GET config/{env}/heatsight/samples: the position history of {env} (and, with subtree=1,
 * every environment below it) in a window, as binary columns. The caller's own environment
 * needs HeatSight feature 1 or 2; one below it, or the subtree, feature 2.
 *
 * A window that holds at most max_points samples, and no more than the raw limit
 * (HALO_HEATSIGHT_RAW_LIMIT, about what a map can draw), all still kept raw, answers them one
 * by one, read and encoded in the read pool under the page budget (only the bytes reach this
 * loop); any other answers cells read from the rollups (store/positionRollups.ts), never a scan
 * of every sample: whole time buckets that overlap the window, so up to one bucket before it too.
 */
export const getHeatSightSamples = route(API.heatSight.samples, (context) => async ({ auth, query, signal }) => {
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
  const { samplesRetentionMs, rawSamplesLimit } = context.config.positionHistory;
  const rawKept = filter.from >= context.now() - samplesRetentionMs;
  const read = context.reads.begin('page', signal);
  // The coarsest rollups' counts: a handful of rows, yet read beside the samples, not on this loop.
  const samplesInWindow = samplesAtMostOf(await read.rows(samplesAtMostQuery(context.db, filter).compile()));
  let data: Uint8Array;
  if (rawKept && samplesInWindow <= Math.min(query.max_points, rawSamplesLimit)) {
    // At most the limit even if samples came since the count: memory stays bounded.
    const samples = historySamplesQuery(context.db, filter, rawSamplesLimit).compile();
    data = await read.shaped(samples, 'heatSightRawSamples', { from: filter.from, to });
  } else {
    const { cells } = await historyCellsFromRollups(context.db, filter, query.max_points, samplesInWindow);
    const extent = extentOf(cells);
    // An empty window answers as it always did: no samples.
    data = extent
      ? encodeHistoryCells({ from: filter.from, to, extent }, cells)
      : encodeHistorySamples({ from: filter.from, to, extent: NO_EXTENT }, []);
  }
  return { fileName: `heatsight-${query.window}.bin`, contentType: HEATSIGHT_CONTENT_TYPE, data };
});
