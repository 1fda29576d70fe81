import { ErrorCode } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { ProviderContext } from '../context.js';
import { refuse } from '../http/httpError.js';
import type { Database } from '../store/schema.js';
import { hashToken } from './tokens.js';

export const invalidResetToken = () => refuse(ErrorCode.FORGOT_RESET);

/** The live reset request for a token, or error 2 when it is unknown, used or expired. */
export async function liveResetRequest(context: ProviderContext, token: string) {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw invalidResetToken();
  const row = await context.db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select([
      'password_resets.token_hash',
      'password_resets.expires_at',
      'password_resets.used_at',
      'users.id as user_id',
      'users.username',
    ])
    .where('password_resets.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= context.now()) throw invalidResetToken();
  return row;
}

/**
 * Every outstanding reset link of a user stops working. Called in the same transaction
 * wherever a password changes (a reset link used, a manager setting it), so an older link
 * cannot undo a newer password.
 */
export async function voidResetLinks(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
