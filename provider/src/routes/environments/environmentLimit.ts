import { ErrorCode } from '@halo/shared';
import type { Kysely } from 'kysely';

import { refuse } from '../../errors/httpError.js';
import type { Dialect } from '../../store/database.js';
import { tenantTreeOf } from '../../store/environments.js';
import type { Database } from '../../store/schema.js';
import { lockedTenantTree } from '../devices/deviceLimit.js';

/** Error 21: the tenant has as many environments below it as it may. */
export const environmentLimitReached = (limit: number) => refuse(ErrorCode.ENVIRONMENT_LIMIT_REACHED, { limit });

/**
 * Refuses a new environment under `parentId` when the parent's tenant already has `limit`
 * environments below it, at any depth (HALO_TENANT_MAX_ENVIRONMENTS): a tenant cannot
 * multiply itself into environments, each with a manager and a device limit's worth of room
 * (store/environments.ts, TenantTree). The root's environments are tenants of their own and are
 * not counted. Call it inside the transaction that writes the environment with its `dialect`
 * (the tenant's row is then locked on PostgreSQL, as for the device limit); without one, as a
 * first answer before costly work, nothing is locked.
 */
export async function assertEnvironmentFits(
  db: Kysely<Database>,
  parentId: number,
  limit: number,
  lockingOn?: Dialect,
): Promise<void> {
  const parent = await db.selectFrom('environments').select('parent_id').where('id', '=', parentId).executeTakeFirst();
  // Under the root a new tenant begins.
  if (!parent || parent.parent_id === null) return;
  const tree = lockingOn ? await lockedTenantTree(db, lockingOn, parentId) : await tenantTreeOf(db, parentId);
  if (tree.environmentIds.length - 1 >= limit) throw environmentLimitReached(limit);
}
