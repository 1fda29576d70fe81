import { normaliseFeatures, type Feature } from '@halo/shared';
import type { EnvironmentRow } from './schema.js';

/** The features an environment row holds (a JSON list); an unreadable value holds none. */
export function featuresOf(row: Pick<EnvironmentRow, 'enabled_feature_ids'>): Feature[] {
  try {
    return normaliseFeatures(JSON.parse(row.enabled_feature_ids));
  } catch {
    return [];
  }
}

/** How an environment's features are stored. */
export function storedFeatures(features: readonly number[]): string {
  return JSON.stringify(normaliseFeatures(features));
}
