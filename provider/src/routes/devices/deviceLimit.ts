import { ErrorCode } from '@halo/shared';
import type { Kysely } from 'kysely';

import { refuse } from '../../errors/httpError.js';
import type { Dialect } from '../../store/database.js';
import { tenantOf, treeOfTenant, type TenantTree } from '../../store/environments.js';
import type { Database } from '../../store/schema.js';

/** What the device limit leaves an environment: counted over its tenant's whole tree (TenantTree). */
export interface DeviceRoom {
  readonly limit: number;
  /** Devices the tree may still take (never below 0). */
  readonly left: number;
  /** The other environments of the tree, which share the limit. */
  readonly sharedWith: number;
}

/**
 * Error 54: the limit and how many devices may still be added; when other environments of the
 * tenant's tree share it, how many they are (never which: a sub-environment's users may not see
 * above it).
 */
export const deviceLimitReached = (room: DeviceRoom) =>
  refuse(ErrorCode.DEVICE_LIMIT_REACHED, {
    limit: room.limit,
    left: room.left,
    ...(room.sharedWith > 0 ? { shared_with: room.sharedWith } : {}),
  });

/** The devices a tree holds, in one statement (the simulator's count: it is exempt from refusal, not from the count). */
export const heldInTree = (db: Kysely<Database>, tree: TenantTree) =>
  db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number | string>().as('held'))
    .where('environment_id', 'in', [...tree.environmentIds]);

/** The room `held` devices leave in `tree` under `limit`. */
export const roomOf = (tree: TenantTree, limit: number, held: number): DeviceRoom => ({
  limit,
  left: Math.max(0, limit - held),
  sharedWith: tree.environmentIds.length - 1,
});

/**
 * Refuses `adding` devices to an environment when its tenant's tree would then hold more than
 * `limit` (a limit reached exactly is accepted): a sub-environment's devices count against its
 * tenant, so making sub-environments does not multiply the limit. Call it inside the
 * transaction that writes them: on PostgreSQL it first locks the tenant's row, so two writers
 * anywhere in one tree count one after the other and cannot together pass the limit; on SQLite
 * the provider's one connection already runs one transaction at a time. The lock is FOR NO KEY
 * UPDATE, not FOR UPDATE: it conflicts with itself but not with the KEY SHARE locks that every
 * insert referencing the environment takes (a system log, a device), so writers that only refer
 * to the environment never wait for it, and cannot deadlock with it.
 */
export async function assertDevicesFit(
  trx: Kysely<Database>,
  dialect: Dialect,
  environmentId: number,
  adding: number,
  limit: number,
): Promise<void> {
  const tree = await lockedTenantTree(trx, dialect, environmentId);
  const row = await heldInTree(trx, tree).executeTakeFirst();
  const room = roomOf(tree, limit, Number(row?.held ?? 0));
  if (adding > room.left) throw deviceLimitReached(room);
}

/**
 * The environment's tenant tree, its tenant's row locked first on PostgreSQL (FOR NO KEY UPDATE,
 * see assertDevicesFit): every limit counted over a tree is counted under that one lock.
 */
export async function lockedTenantTree(
  trx: Kysely<Database>,
  dialect: Dialect,
  environmentId: number,
): Promise<TenantTree> {
  const tenantId = await tenantOf(trx, environmentId);
  if (dialect === 'postgres') {
    await trx.selectFrom('environments').select('id').where('id', '=', tenantId).forNoKeyUpdate().execute();
  }
  // Read under the lock: a sub-environment made meanwhile is counted.
  return treeOfTenant(trx, tenantId);
}
