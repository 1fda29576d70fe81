import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Hands out `count` consecutive revisions and answers the first. Call it inside the
 * transaction that writes them: the counter row stays locked until that transaction ends,
 * so revisions become visible in the order they were handed out and a devices_state cursor
 * (the highest revision a poller has seen) never skips a change committed later.
 */
export async function takeRevisions(trx: Kysely<Database>, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('revision count must be a positive integer');
  const row = await trx
    .updateTable('revision_counter')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('id', '=', 1)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - count + 1;
}

/** The query of the last revision handed out (for a read that takes it in one snapshot with others). */
export const selectCurrentRevision = (db: Kysely<Database>) =>
  db.selectFrom('revision_counter').select('value').where('id', '=', 1);

/** The revision in the answer of selectCurrentRevision. */
export const revisionOf = (rows: readonly { readonly value: number | string }[]) => Number(rows[0]?.value ?? 0);

/** The last revision handed out. */
export async function currentRevision(db: Kysely<Database>): Promise<number> {
  return revisionOf(await selectCurrentRevision(db).execute());
}
