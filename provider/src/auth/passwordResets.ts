import { ErrorCode } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { ProviderContext } from '../context.js';
import { refuse } from '../errors/httpError.js';
import type { Database, UserRow, UserUpdate } from '../store/schema.js';
import { hashToken } from './tokens.js';

export const invalidResetToken = () => refuse(ErrorCode.FORGOT_RESET);

/** The live reset request for a token, or error 2 when it is unknown, used or expired. */
export async function liveResetRequest(context: ProviderContext, token: string) {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw invalidResetToken();
  const row = await context.db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .innerJoin('environments', 'environments.id', 'users.environment_id')
    .select([
      'password_resets.token_hash',
      'password_resets.expires_at',
      'password_resets.used_at',
      'users.id as user_id',
      'users.username',
      'environments.name as environment_name',
    ])
    .where('password_resets.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= context.now()) throw invalidResetToken();
  return row;
}

/** Every outstanding reset link of a user stops working. */
async function voidResetLinks(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Writes a change to an account, the one way the provider changes a person's password or
 * e-mail address: when either differs between the stored rows before and after, every
 * outstanding reset link of the account is voided in the same transaction. A new password
 * must not be undone by an older link, and a link mailed to an address the account no
 * longer has must not reset it (issue 24, item 4).
 */
export async function updateAccount(
  trx: Kysely<Database>,
  before: UserRow,
  changes: UserUpdate,
  now: number,
): Promise<UserRow> {
  const after = await trx
    .updateTable('users')
    .set(changes)
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (after.password_hash !== before.password_hash || after.email !== before.email)
    await voidResetLinks(trx, before.id, now);
  return after;
}
