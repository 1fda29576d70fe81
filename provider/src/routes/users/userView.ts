import type { TwoFactorStatus, User } from '@halo/shared';
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
