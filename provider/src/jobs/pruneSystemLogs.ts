import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { pruneSystemLogs as pruneSystemLogEntries } from '../store/systemLogRetention.js';

/** System log retention: entries older than HALO_SYSTEM_LOGS_RETENTION_DAYS, in bounded batches. */
export async function pruneSystemLogs(context: ProviderContext): Promise<void> {
  const started = Date.now();
  const pruned = await pruneSystemLogEntries(context.db, context.now() - context.config.systemLogsRetentionMs);
  if (pruned > 0) log.info({ pruned, ms: Date.now() - started }, 'system log entries pruned');
}
