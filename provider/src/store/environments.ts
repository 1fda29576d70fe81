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
    /** Its alarm severity; DEFAULT_USER_SEVERITY when not given. */
    readonly severity?: number;
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
      severity: manager.severity ?? DEFAULT_USER_SEVERITY,
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

/** Environment trees are shallow; this bounds a walk even if data were ever cyclic. */
const MAX_DEPTH = 64;

/**
 * Where an environment's limits are counted (README, "Limits"). A tenant is an environment
 * directly under the root with every environment below it, at any depth; the root is the
 * installation's own, without the tenants under it. A sub-environment shares its tenant's
 * room, so making environments does not multiply what a tenant may hold.
 */
export interface TenantTree {
  /** The tenant's top environment: the root's child the environment lies under, or the root itself. */
  readonly tenantId: number;
  /** Every environment of the tree, the tenant's own first. */
  readonly environmentIds: readonly number[];
}

/** The tenant an environment belongs to: its ancestor directly under the root (itself when it is one), or the root. */
export async function tenantOf(db: Kysely<Database>, environmentId: number): Promise<number> {
  let current = environmentId;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const row = await db.selectFrom('environments').select('parent_id').where('id', '=', current).executeTakeFirst();
    if (!row || row.parent_id === null) return current;
    const parent = await db
      .selectFrom('environments')
      .select('parent_id')
      .where('id', '=', row.parent_id)
      .executeTakeFirst();
    if (!parent || parent.parent_id === null) return current;
    current = row.parent_id;
  }
  return current;
}

/** tenantOf over environment rows already read (a job that reads them all), without a query. */
export function tenantsAmong(
  environments: readonly { readonly id: number; readonly parent_id: number | null }[],
): (environmentId: number) => number {
  const parentOf = new Map(environments.map((environment) => [environment.id, environment.parent_id]));
  return (environmentId) => {
    let current = environmentId;
    for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
      const parent = parentOf.get(current) ?? null;
      if (parent === null || (parentOf.get(parent) ?? null) === null) return current;
      current = parent;
    }
    return current;
  };
}

/** The tenant's tree the environment belongs to (see TenantTree). */
export async function tenantTreeOf(db: Kysely<Database>, environmentId: number): Promise<TenantTree> {
  return treeOfTenant(db, await tenantOf(db, environmentId));
}

/** A tenant's tree (see TenantTree), read in one recursive query. */
export async function treeOfTenant(db: Kysely<Database>, tenantId: number): Promise<TenantTree> {
  const tenant = await db.selectFrom('environments').select('parent_id').where('id', '=', tenantId).executeTakeFirst();
  // The root's tree is the root alone: each environment under it is a tenant of its own.
  if (!tenant || tenant.parent_id === null) return { tenantId, environmentIds: [tenantId] };
  const rows = await db
    .withRecursive('tree(id)', (recursive) =>
      recursive
        .selectFrom('environments')
        .select('id')
        .where('id', '=', tenantId)
        .unionAll((below) =>
          below
            .selectFrom('environments')
            .innerJoin('tree', 'tree.id', 'environments.parent_id')
            .select('environments.id'),
        ),
    )
    .selectFrom('tree')
    .select('id')
    .execute();
  return { tenantId, environmentIds: [tenantId, ...rows.map((row) => row.id).filter((id) => id !== tenantId)] };
}
