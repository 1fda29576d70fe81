import { ErrorCode, type Group } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { refuse } from '../../http/httpError.js';
import type { GroupRow } from '../../store/schema.js';

export const groupView = (row: GroupRow): Group => ({ id: row.id, name: row.name });

/** Error 40: the environment already has a group of this name (any case). */
export async function assertGroupNameFree(
  context: ProviderContext,
  environmentId: number,
  name: string,
  exceptId?: number,
) {
  let query = context.db
    .selectFrom('groups')
    .select('id')
    .where('environment_id', '=', environmentId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw refuse(ErrorCode.GROUP_NAME_EXISTS);
}
