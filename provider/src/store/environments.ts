import type { Kysely } from 'kysely';
import type { Database, EnvironmentRow } from './schema.js';

/** The environment row with this id, if any (no tenancy check: callers scope it). */
export function findEnvironment(db: Kysely<Database>, id: number): Promise<EnvironmentRow | undefined> {
  return db.selectFrom('environments').selectAll().where('id', '=', id).executeTakeFirst();
}
