import type { Kysely } from 'kysely';
import { selfAndAncestors, type Scoped } from '../../http/tenancy.js';
import type { Database } from '../../store/schema.js';

/**
 * A silence belongs to the environment it was set from, its setter's own (a parent's manager
 * silences a child through the child's path): it is ended from there or from above it, never
 * from below, or a child's manager could lift what his parent put on him. Only managers
 * silence, and a manager goes only with his environment, so the setter's row is there.
 */

/** The silences of the call's environment, each with the environment it was set from. */
export const silencesWithSetter = (db: Kysely<Database>, auth: Scoped) =>
  db
    .selectFrom('alarm_silences')
    .leftJoin('users', 'users.id', 'alarm_silences.created_by_user_id')
    .selectAll('alarm_silences')
    .select('users.environment_id as set_from')
    .where('alarm_silences.environment_id', '=', auth.target.id);

/**
 * Whose silences the caller may end, by the environment they were set from: the call's
 * environment and those above it, up to the caller's own (the path is his own or below it).
 */
export async function mayEndSilences(
  db: Kysely<Database>,
  auth: Scoped,
): Promise<(silence: { readonly set_from: number | null }) => boolean> {
  const endable = new Set<number>();
  for (const environment of await selfAndAncestors(db, auth.target.id)) {
    endable.add(environment.id);
    if (environment.id === auth.environment.id) break;
  }
  return (silence) => endable.has(silence.set_from ?? auth.target.id);
}
