import { COLLECTION_CAPS, ErrorCode, type CappedCollection } from '@halo/shared';
import type { SelectQueryBuilder } from 'kysely';

import { refuse } from '../errors/httpError.js';
import type { Database } from './schema.js';

/**
 * Refuses with error 180 a creation of `adding` items that would take the collection past its
 * cap (COLLECTION_CAPS: what keeps its list's answer bounded); `held` selects the items it
 * holds now. Checked before anything is written, as the names' uniqueness is: two creations at
 * the same moment on PostgreSQL may both pass, which may take a list one or two past its cap.
 */
export async function assertCollectionRoom<Tables extends keyof Database>(
  collection: CappedCollection,
  held: SelectQueryBuilder<Database, Tables, object>,
  adding = 1,
): Promise<void> {
  const cap = COLLECTION_CAPS[collection];
  const row = await held.select((eb) => eb.fn.countAll<number | string>().as('held')).executeTakeFirstOrThrow();
  if (Number(row.held) + adding > cap) throw refuse(ErrorCode.COLLECTION_LIMIT_REACHED, { limit: cap });
}
