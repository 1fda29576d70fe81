import { defineEndpoint } from '../api/endpoint.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { HEATSIGHT_CONTENT_TYPE } from './heatSightCodec.js';
import { HEATSIGHT_RAW_LIMIT, HeatSightSamplesQuerySchema } from './heatSight.js';

/** HeatSight (spec 2, 4): the map's history. Needs a HeatSight feature and a realm type other than 2. */
export const heatSightApi = {
  samples: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/heatsight/samples',
    summary: `Position samples with their link quality in a time window (binary columns; aggregated by map cell and time bucket, read from rollups kept as samples are written, when the window may hold more than max_points or than ${HEATSIGHT_RAW_LIMIT.toLocaleString('en-US')} samples, or reaches past the raw samples’ retention, whole buckets that overlap the window); an environment below the own one, or subtree=1, needs HeatSight feature 2`,
    tag: 'HeatSight',
    bound: 'capped',
    access: 'user',
    capability: 'heatSight.view',
    query: HeatSightSamplesQuerySchema,
    kind: 'download',
    file: { contentType: HEATSIGHT_CONTENT_TYPE },
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
} as const;
