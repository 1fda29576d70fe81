import { ErrorCode } from '@halo/shared';
import type { Kysely } from 'kysely';

import { refuse } from '../../errors/httpError.js';
import type { Dialect } from '../../store/database.js';
import type { Database } from '../../store/schema.js';

/** Error 54: the limit and how many devices the environment may still take. */
export const deviceLimitReached = (limit: number, left: number) =>
  refuse(ErrorCode.DEVICE_LIMIT_REACHED, { limit, left: Math.max(0, left) });

/**
 * Refuses `adding` devices when the environment would then hold more than `limit` (a limit
 * reached exactly is accepted). Call it inside the transaction that writes them: on
 * PostgreSQL it first locks the environment's row, so two writers to one environment count
 * one after the other and cannot together pass the limit; on SQLite the provider's one
 * connection already runs one transaction at a time. The lock is FOR NO KEY UPDATE, not
 * FOR UPDATE: it conflicts with itself but not with the KEY SHARE locks that every insert
 * referencing the environment takes (a system log, a device), so writers that only refer
 * to the environment never wait for it, and cannot deadlock with it.
 */
export async function assertDevicesFit(
  trx: Kysely<Database>,
  dialect: Dialect,
  environmentId: number,
  adding: number,
  limit: number,
): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('environments').select('id').where('id', '=', environmentId).forNoKeyUpdate().execute();
  }
  const row = await trx
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number | string>().as('held'))
    .where('environment_id', '=', environmentId)
    .executeTakeFirst();
  const left = limit - Number(row?.held ?? 0);
  if (adding > left) throw deviceLimitReached(limit, left);
}
