import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { prunePositionRollups } from '../store/positionRollups.js';
import { prunePositionSamples } from '../store/positionSamples.js';

/**
 * HeatSight's retention: raw position samples older than HALO_POSITION_SAMPLES_RETENTION_DAYS,
 * rollups older than HALO_POSITION_ROLLUPS_RETENTION_DAYS (the rollups of pruned samples stay).
 */
export async function pruneHeatSightHistory(context: ProviderContext): Promise<void> {
  const now = context.now();
  const { samplesRetentionMs, rollupsRetentionMs } = context.config.positionHistory;
  const samples = await prunePositionSamples(context.db, now - samplesRetentionMs);
  const rollups = await prunePositionRollups(context.db, now - rollupsRetentionMs);
  if (samples + rollups > 0) log.info({ samples, rollups }, 'HeatSight history pruned');
}
