import type { TwoFactorStatus, User, UserCreate, UserUpdate } from '@halo/shared';
import { permissionsOf } from '../../auth/sessions.js';
import type { UserRow } from '../../store/schema.js';

/** A user as the API shows it: never the password hash or the 2FA secret. */
export function userView(row: UserRow, allowedDevices: readonly number[]): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    description: row.description,
    environment_id: row.environment_id,
    environment_manager: row.environment_manager === 1,
    permissions: permissionsOf(row),
    severity: row.severity,
    is_disabled: row.is_disabled === 1,
    two_factor_auth_status: row.two_factor_status as TwoFactorStatus,
    allowed_devices: [...allowedDevices],
  };
}

/** The fields create and update share (update's password may be null: unchanged). */
type UserInput = Omit<UserCreate['user'], 'password'> | Omit<UserUpdate['user'], 'password'>;

/**
 * The columns a user's input writes (POST and PUT users), once for both: on an update, a name
 * or description left out keeps what is stored; on a create it is empty.
 */
export function userInputColumns(input: UserInput, existing?: Pick<UserRow, 'name' | 'description'>) {
  return {
    username: input.username,
    name: input.name ?? existing?.name ?? null,
    email: input.email,
    description: input.description === undefined ? (existing?.description ?? null) : input.description,
    permissions: JSON.stringify(input.permissions),
    severity: input.severity,
    is_disabled: input.is_disabled ? 1 : 0,
  } satisfies Partial<UserRow>;
}
