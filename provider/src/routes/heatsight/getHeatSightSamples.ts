import { API, HEATSIGHT_CONTENT_TYPE, HEATSIGHT_WINDOWS, heatSightReach } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { forbidden } from '../../errors/httpError.js';
import { descendantsOf, subjectOf } from '../../http/tenancy.js';
import {
  cellsReadLimit,
  levelFor,
  rolledUpQuery,
  samplesAtMostOf,
  samplesAtMostQuery,
} from '../../store/positionRollups.js';
import { historySamplesQuery } from '../../store/positionSamples.js';

/**
 * GET config/{env}/heatsight/samples: the position history of {env} (and, with subtree=1,
 * every environment below it) in a window, as binary columns. The caller's own environment
 * needs HeatSight feature 1 or 2; one below it, or the subtree, feature 2.
 *
 * A window that holds at most max_points samples, and no more than the raw limit
 * (HALO_HEATSIGHT_RAW_LIMIT, about what a map can draw), all still kept raw, answers them one
 * by one, read and encoded in the read pool under the page budget (only the bytes reach this
 * loop); any other answers cells read from the rollups (store/positionRollups.ts), never a scan
 * of every sample: whole time buckets that overlap the window, so up to one bucket before it too,
 * counted, read and made into cells in the read pool as well. Only the answer's bytes reach this loop.
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
  // The window's rollup counts (countingLevelFor), read where the samples are, not on this loop.
  const samplesInWindow = samplesAtMostOf(await read.rows(samplesAtMostQuery(context.db, filter).compile()));
  let data: Uint8Array;
  if (rawKept && samplesInWindow <= Math.min(query.max_points, rawSamplesLimit)) {
    // At most the limit even if samples came since the count: memory stays bounded.
    const samples = historySamplesQuery(context.db, filter, rawSamplesLimit).compile();
    data = await read.shaped(samples, 'heatSightRawSamples', { from: filter.from, to });
  } else {
    // The level's rows counted, read and made into cells there too: a busy day's took 300 ms of this loop.
    const level = await levelFor(context.db, filter, cellsReadLimit(query.max_points), samplesInWindow, (statement) =>
      read.rows(statement),
    );
    data = await read.shaped(rolledUpQuery(context.db, filter, level).compile(), 'heatSightCells', {
      from: filter.from,
      to,
      environments: filter.environmentIds.length,
      bucketMs: level.bucketMs,
      maxCells: query.max_points,
    });
  }
  return { fileName: `heatsight-${query.window}.bin`, contentType: HEATSIGHT_CONTENT_TYPE, data };
});
