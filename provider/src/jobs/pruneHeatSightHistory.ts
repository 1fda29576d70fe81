import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { pruneDeviceHistory } from '../store/deviceHistory.js';
import { prunePositionRollups } from '../store/positionRollups.js';
import { prunePositionSamples } from '../store/positionSamples.js';

/**
 * HeatSight's retention: raw position samples older than HALO_POSITION_SAMPLES_RETENTION_DAYS,
 * rollups older than HALO_POSITION_ROLLUPS_RETENTION_DAYS (the rollups of pruned samples stay).
 * The devices' recorded history (their timelines and the availability report, issue 28) goes
 * with the raw samples, each device's and link's latest change kept (store/deviceHistory.ts).
 */
export async function pruneHeatSightHistory(context: ProviderContext): Promise<void> {
  const now = context.now();
  const { samplesRetentionMs, rollupsRetentionMs } = context.config.positionHistory;
  const samples = await prunePositionSamples(context.db, now - samplesRetentionMs);
  const rollups = await prunePositionRollups(context.db, now - rollupsRetentionMs);
  const history = await pruneDeviceHistory(context.db, now - samplesRetentionMs);
  if (samples + rollups + history > 0) log.info({ samples, rollups, history }, 'HeatSight and device history pruned');
}
