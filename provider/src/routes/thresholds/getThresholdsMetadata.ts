import { API, THRESHOLD_METADATA } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';

/** GET config/{env}/thresholds_metadata: unit, bounds, direction and levels of each attribute type. */
export const getThresholdsMetadata = route(API.thresholds.metadata, () => () => ({
  thresholds_metadata: [...THRESHOLD_METADATA],
}));
