import { ErrorCode } from '@halo/shared';
import type { Kysely } from 'kysely';
import { refuse } from '../http/httpError.js';
import type { Database } from './schema.js';

/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; message?: unknown };
  return (
    candidate?.code === '23505' ||
    candidate?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof candidate?.message === 'string' && candidate.message.includes('UNIQUE constraint failed'))
  );
}

/**
 * What is unique across the whole installation, and so may be confirmed to anyone who tries
 * it (error 20, 51): environment names, because login names the environment; and device
 * pairing ids (serial numbers, see deviceConstraints), because a physical device belongs to
 * one tenant. Usernames and e-mail addresses are unique within an environment only, so no
 * tenant learns another's people from error 30 or 31.
 */
/** Environment names are unique across the whole installation (login asks for one). */
export async function environmentNameExists(db: Kysely<Database>, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('environments')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
environmentNameExists.error = () => refuse(ErrorCode.ENV_NAME_EXISTS);

/**
 * E-mail addresses are unique among an environment's users. A reset request for an address
 * mails every account that has it, each link naming its own user.
 */
export async function assertEmailFree(
  db: Kysely<Database>,
  environmentId: number,
  email: string | null | undefined,
  exceptUserId?: number,
) {
  if (!email) return;
  let query = db
    .selectFrom('users')
    .select('id')
    .where('environment_id', '=', environmentId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  if (await query.executeTakeFirst()) throw refuse(ErrorCode.EMAIL_EXISTS);
}

export async function assertUsernameFree(
  db: Kysely<Database>,
  environmentId: number,
  username: string,
  exceptUserId?: number,
) {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('environment_id', '=', environmentId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  if (await query.executeTakeFirst()) throw refuse(ErrorCode.USERNAME_EXISTS);
}
