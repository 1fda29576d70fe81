import {
  defaultShouldAlert,
  defaultThresholdValues,
  THRESHOLD_ATTRIBUTE_TYPES,
  type Threshold,
  type ThresholdAttributeType,
  type ThresholdValues,
} from '@halo/shared';
import type { Kysely } from 'kysely';
import type { Database, ThresholdRow } from './schema.js';

export const thresholdValuesOf = (row: ThresholdRow): ThresholdValues => ({
  minor: row.minor,
  major: row.major,
  critical: row.critical,
  alert: row.alert,
  back_to_safety: row.back_to_safety,
});

export const thresholdView = (row: ThresholdRow): Threshold => ({
  id: row.id,
  device_attribute_type: row.device_attribute_type,
  threshold_values: thresholdValuesOf(row),
  should_alert: row.should_alert === 1,
  environment_id: row.environment_id,
});

/**
 * An environment's thresholds, one per attribute type, made the first time anyone asks: a
 * sub-environment starts from its parent's current values, the root from the defaults
 * (thresholdMetadata.ts). Safe when two callers ask at once.
 */
export async function environmentThresholds(
  db: Kysely<Database>,
  environmentId: number,
  now: number,
): Promise<ThresholdRow[]> {
  const existing = await db
    .selectFrom('thresholds')
    .selectAll()
    .where('environment_id', '=', environmentId)
    .orderBy('device_attribute_type')
    .execute();
  if (existing.length === THRESHOLD_ATTRIBUTE_TYPES.length) return existing;
  const environment = await db
    .selectFrom('environments')
    .select('parent_id')
    .where('id', '=', environmentId)
    .executeTakeFirst();
  const inherited = environment?.parent_id == null ? [] : await environmentThresholds(db, environment.parent_id, now);
  const have = new Set(existing.map((row) => row.device_attribute_type));
  const missing = THRESHOLD_ATTRIBUTE_TYPES.filter((type) => !have.has(type)).map((type: ThresholdAttributeType) => {
    const parent = inherited.find((row) => row.device_attribute_type === type);
    const values = parent ? thresholdValuesOf(parent) : defaultThresholdValues(type);
    return {
      environment_id: environmentId,
      device_attribute_type: type,
      ...values,
      should_alert: parent ? parent.should_alert : defaultShouldAlert(type) ? 1 : 0,
      updated_at: now,
    };
  });
  await db
    .insertInto('thresholds')
    .values(missing)
    .onConflict((conflict) => conflict.columns(['environment_id', 'device_attribute_type']).doNothing())
    .execute();
  return db
    .selectFrom('thresholds')
    .selectAll()
    .where('environment_id', '=', environmentId)
    .orderBy('device_attribute_type')
    .execute();
}
