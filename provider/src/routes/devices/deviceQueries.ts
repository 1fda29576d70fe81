import type { Request } from 'express';
import { DevicesQuerySchema } from '@halo/shared';
import type { SelectQueryBuilder } from 'kysely';
import type { ProviderContext } from '../../context.js';
import { parseQuery } from '../../http/parse.js';
import { scoped } from '../../http/tenancy.js';
import type { Database } from '../../store/schema.js';

type DevicesQuery = SelectQueryBuilder<Database, 'devices', object>;

/**
 * The devices of environment {env} a status call names with `devices=1,2,3` (all of them
 * when absent). Lists longer than the shared limit are error 3; callers send them in chunks.
 * Ids of other environments are simply not there.
 */
export function devicesOfQuery(context: ProviderContext, request: Request): { query: DevicesQuery; empty: boolean } {
  const { devices } = parseQuery(DevicesQuerySchema, request.query);
  const { target } = scoped(request);
  let query: DevicesQuery = context.db.selectFrom('devices').where('environment_id', '=', target.id);
  if (devices !== undefined && devices.length > 0) query = query.where('id', 'in', devices);
  return { query, empty: devices !== undefined && devices.length === 0 };
}
