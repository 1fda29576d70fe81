import type { Kysely } from 'kysely';
import { forEachSlice, inBatchesUntilDone } from '../loopTurns.js';
import type { Database } from './schema.js';

/**
 * Entries one delete removes at most. On SQLite each deleted entry also leaves the trigram index
 * of names (migration 017's trigger) and five indexes; a batch of this size took 8 to 31 ms of
 * the writer on the development machine (a 200,000-entry log, WAL; 2,000 took 36 to 52 ms), so
 * requests and the simulator's writes get their turn between two.
 */
export const SYSTEM_LOG_DELETE_BATCH = 1000;

/**
 * Deletes the system log entries older than `before`, environment by environment, in bounded
 * deletes with a turn of the event loop between two (a night's million entries never hold the
 * writer or the loop in one piece). Each delete finds its entries through the (environment_id,
 * log_time) index, so no batch reads the whole log. The log's search index keeps in step by
 * itself: SQLite's FTS5 table of names through its delete trigger, PostgreSQL's trigram index as
 * any index. Answers how many entries went.
 */
export async function pruneSystemLogs(
  db: Kysely<Database>,
  before: number,
  batchSize = SYSTEM_LOG_DELETE_BATCH,
): Promise<number> {
  const environments = await db.selectFrom('environments').select('id').orderBy('id').execute();
  let pruned = 0;
  await forEachSlice(environments, 1, async ([environment]) => {
    if (!environment) return;
    pruned += await inBatchesUntilDone(batchSize, async () => {
      const result = await db
        .deleteFrom('system_logs')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('system_logs')
            .select('id')
            .where('environment_id', '=', environment.id)
            .where('log_time', '<', before)
            .limit(batchSize),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  });
  return pruned;
}
