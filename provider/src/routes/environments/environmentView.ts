import { DEFAULT_USER_SEVERITY, type Environment, type TwoFactorStatus } from '@halo/shared';
import type { Kysely } from 'kysely';
import { featuresOf } from '../../store/environmentFeatures.js';
import type { Database, EnvironmentRow } from '../../store/schema.js';

/** Environments as the API shows them: with their manager's username, e-mail, 2FA status and alarm severity. */
export async function environmentViews(db: Kysely<Database>, rows: readonly EnvironmentRow[]): Promise<Environment[]> {
  if (rows.length === 0) return [];
  const managers = await db
    .selectFrom('users')
    .select(['environment_id', 'username', 'email', 'two_factor_status', 'severity'])
    .where('environment_manager', '=', 1)
    .where(
      'environment_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const managerOf = new Map(managers.map((manager) => [manager.environment_id, manager]));
  return rows.map((row) => {
    const manager = managerOf.get(row.id);
    return {
      id: row.id,
      name: row.name,
      parent_id: row.parent_id,
      username: manager?.username ?? '',
      email: manager?.email ?? null,
      description: row.description,
      ca_server_address: row.ca_server_address,
      realm_type: row.realm_type,
      enabled_feature_ids: featuresOf(row),
      two_factor_auth_status: (manager?.two_factor_status ?? 1) as TwoFactorStatus,
      severity: manager?.severity ?? DEFAULT_USER_SEVERITY,
    };
  });
}

/** One environment as answered. */
export async function environmentView(db: Kysely<Database>, row: EnvironmentRow): Promise<Environment> {
  const [view] = await environmentViews(db, [row]);
  if (!view) throw new Error(`environment ${row.id} has no view`);
  return view;
}
