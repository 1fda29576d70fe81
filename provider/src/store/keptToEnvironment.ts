import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `environment_id = ?` for a query that names its rows by id (`id in (...)`), written so that no
 * index serves it (the unary plus): SQLite's planner, knowing nothing of how many rows an
 * environment holds, otherwise walks the environment's whole index (100,000 entries) for each
 * batch of a few hundred ids instead of looking the ids up: a bulk action over 20,000 devices
 * took 15 s, its batches 30 times slower than by id. PostgreSQL plans by its statistics and
 * reads the condition as it is.
 */
export const keptToEnvironment = (environmentId: number): RawBuilder<SqlBool> =>
  sql<SqlBool>`+${sql.ref('environment_id')} = ${environmentId}`;
