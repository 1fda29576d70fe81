import { ErrorCode } from '@halo/shared';
import type { Kysely } from 'kysely';
import { refuse } from '../errors/httpError.js';
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

/** The values unique within an environment whatever their case, by table. */
interface ScopedUniqueColumns {
  readonly users: 'username' | 'email';
  readonly groups: 'name';
  readonly devices: 'name';
  readonly openvpn_profiles: 'name';
}

/**
 * Whether another row of `table` in the environment already has `value` in `column`, in any
 * case (`exceptId` is the row being updated).
 */
export async function takenInEnvironment<Table extends keyof ScopedUniqueColumns>(
  db: Kysely<Database>,
  table: Table,
  column: ScopedUniqueColumns[Table],
  environmentId: number,
  value: string,
  exceptId?: number,
): Promise<boolean> {
  // Kysely cannot type a table chosen at run time: each of these has id, environment_id and the column.
  const rows = db as unknown as Kysely<{
    scoped: { id: number; environment_id: number; name: string; username: string; email: string };
  }>;
  let query = rows
    .selectFrom(table as unknown as 'scoped')
    .select('id')
    .where('environment_id', '=', environmentId)
    .where((eb) => eb(eb.fn('lower', [eb.ref(column)]), '=', value.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

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
  if (email && (await takenInEnvironment(db, 'users', 'email', environmentId, email, exceptUserId)))
    throw refuse(ErrorCode.EMAIL_EXISTS);
}

export async function assertUsernameFree(
  db: Kysely<Database>,
  environmentId: number,
  username: string,
  exceptUserId?: number,
) {
  if (await takenInEnvironment(db, 'users', 'username', environmentId, username, exceptUserId))
    throw refuse(ErrorCode.USERNAME_EXISTS);
}
