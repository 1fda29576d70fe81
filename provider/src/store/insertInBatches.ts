import type { Insertable, Kysely } from 'kysely';
import { forEachSlice } from '../loopTurns.js';
import type { Database } from './schema.js';

export interface InsertInBatchesOptions {
  /**
   * A turn of the event loop between two statements (loopTurns.ts), for writes outside a
   * transaction that other requests may run between. Inside a transaction, leave it off.
   */
  readonly turnBetween?: boolean;
}

/**
 * Inserts `rows` into `table`, `batchSize` rows per statement: one statement for all would
 * pass the databases' bound-parameter limits (SQLite 32,766, PostgreSQL 65,535), so the
 * caller picks a size whose rows times columns stays well under them. No rows, no statement.
 */
export async function insertInBatches<Table extends keyof Database>(
  db: Kysely<Database>,
  table: Table,
  rows: readonly Insertable<Database[Table]>[],
  batchSize: number,
  options: InsertInBatchesOptions = {},
): Promise<void> {
  const insert = (batch: readonly Insertable<Database[Table]>[]) => db.insertInto(table).values(batch).execute();
  if (options.turnBetween) {
    await forEachSlice(rows, batchSize, insert);
    return;
  }
  for (let start = 0; start < rows.length; start += batchSize) await insert(rows.slice(start, start + batchSize));
}
