import { can, ErrorCode, featuresWithin, normaliseFeatures, ValidationKey } from '@halo/shared';
import type { Kysely } from 'kysely';
import { forbidden, refuse } from '../../errors/httpError.js';
import { descendantsOf, subjectOf, type Scoped } from '../../http/tenancy.js';
import { featuresOf, storedFeatures } from '../../store/environmentFeatures.js';
import type { Database, EnvironmentRow } from '../../store/schema.js';

const FEATURES_FIELD = 'enabled_feature_ids';

/**
 * Whether the caller may give `requested` to an environment whose parent is `parent`
 * (spec 2, 6): only an environment manager above it grants features, and never one the
 * parent lacks. Refuses otherwise; answers the features to store.
 */
export function grantableFeatures(auth: Scoped, parent: EnvironmentRow, requested: readonly number[]): number[] {
  const features = normaliseFeatures(requested);
  if (!can(subjectOf(auth), 'environments.grantFeatures'))
    throw forbidden('Only an environment manager sets the features of the environments below');
  if (!featuresWithin(featuresOf(parent), features))
    throw refuse(ErrorCode.MISSING_VALUES, { [FEATURES_FIELD]: ValidationKey.FEATURES_BEYOND_PARENT });
  return features;
}

/** Sets an environment's features; those below it lose whatever it no longer has. */
export async function setFeatures(
  trx: Kysely<Database>,
  environment: EnvironmentRow,
  features: readonly number[],
): Promise<void> {
  await trx
    .updateTable('environments')
    .set({ enabled_feature_ids: storedFeatures(features) })
    .where('id', '=', environment.id)
    .execute();
  for (const below of await descendantsOf(trx, environment.id)) {
    const held = featuresOf(below);
    const kept = held.filter((feature) => features.includes(feature));
    if (kept.length !== held.length)
      await trx
        .updateTable('environments')
        .set({ enabled_feature_ids: storedFeatures(kept) })
        .where('id', '=', below.id)
        .execute();
  }
}

export function sameFeatures(a: readonly number[], b: readonly number[]): boolean {
  const left = normaliseFeatures(a);
  const right = normaliseFeatures(b);
  return left.length === right.length && left.every((feature, index) => feature === right[index]);
}
