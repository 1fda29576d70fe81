import { DEFAULT_USER_SEVERITY, TwoFactorStatus } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { Database, EnvironmentRow } from './schema.js';

/** The environment row with this id, if any (no tenancy check: callers scope it). */
export function findEnvironment(db: Kysely<Database>, id: number): Promise<EnvironmentRow | undefined> {
  return db.selectFrom('environments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new environment and the user who manages it (spec section 5: every environment has one). */
export interface NewEnvironment {
  readonly environment: Pick<
    EnvironmentRow,
    'name' | 'parent_id' | 'description' | 'ca_server_address' | 'realm_type' | 'enabled_feature_ids'
  >;
  readonly manager: {
    readonly username: string;
    readonly name: string;
    readonly email: string | null;
    readonly passwordHash: string;
    /** Who made it; null on the first start. */
    readonly createdBy: number | null;
  };
}

/**
 * Inserts an environment and its manager (a user with every permission of the environment,
 * no second factor yet) in the caller's transaction: the one place both rows are written, for
 * the root on the first start and for every sub-environment.
 */
export async function insertEnvironmentWithManager(
  trx: Kysely<Database>,
  { environment, manager }: NewEnvironment,
  now: number,
): Promise<{ environment: EnvironmentRow; managerId: number }> {
  const row = await trx
    .insertInto('environments')
    .values({ ...environment, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const user = await trx
    .insertInto('users')
    .values({
      environment_id: row.id,
      username: manager.username,
      name: manager.name,
      email: manager.email,
      description: null,
      password_hash: manager.passwordHash,
      environment_manager: 1,
      permissions: '[]',
      severity: DEFAULT_USER_SEVERITY,
      is_disabled: 0,
      two_factor_status: TwoFactorStatus.INACTIVE,
      two_factor_secret: null,
      two_factor_last_step: null,
      created_by: manager.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { environment: row, managerId: user.id };
}
