import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { pruneClearedAlarms } from '../store/alarms.js';

/** Alarms' retention: those cleared longer ago than HALO_ALARMS_RETENTION_DAYS; active ones stay. */
export async function pruneAlarms(context: ProviderContext): Promise<void> {
  const pruned = await pruneClearedAlarms(context.db, context.now() - context.config.alarmsRetentionMs);
  if (pruned > 0) log.info({ pruned }, 'cleared alarms pruned');
}
