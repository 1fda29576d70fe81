import type { SelectQueryBuilder } from 'kysely';
import type { ProviderContext } from '../../context.js';
import type { Scoped } from '../../http/tenancy.js';
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
  let query: DevicesQuery = context.db.selectFrom('devices').where('environment_id', '=', auth.target.id);
  if (devices !== undefined && devices.length > 0) query = query.where('id', 'in', devices);
  return { query, empty: devices !== undefined && devices.length === 0 };
}
