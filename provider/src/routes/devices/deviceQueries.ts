import type { SelectQueryBuilder } from 'kysely';
import type { ProviderContext } from '../../context.js';
import type { Scoped } from '../../http/tenancy.js';
import { keptToEnvironment } from '../../store/keptToEnvironment.js';
import type { Database } from '../../store/schema.js';

type DevicesQuery = SelectQueryBuilder<Database, 'devices', object>;

/**
 * The devices of environment {env} a status call names with `devices=1,2,3` (all of them
 * when absent; the shared query schema refuses lists longer than its limit with error 3).
 * Ids of other environments are simply not there.
 */
export function devicesOfQuery(
  context: ProviderContext,
  auth: Pick<Scoped, 'target'>,
  devices: readonly number[] | undefined,
): { query: DevicesQuery; empty: boolean } {
  const all: DevicesQuery = context.db.selectFrom('devices');
  const query =
    devices !== undefined && devices.length > 0
      ? all.where('id', 'in', devices).where(keptToEnvironment(auth.target.id))
      : all.where('environment_id', '=', auth.target.id);
  return { query, empty: devices !== undefined && devices.length === 0 };
}
