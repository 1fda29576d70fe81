import { ErrorCode, type Group } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { refuse } from '../../http/httpError.js';
import type { GroupRow } from '../../store/schema.js';
import { takenInEnvironment } from '../../store/uniqueness.js';

export const groupView = (row: GroupRow): Group => ({ id: row.id, name: row.name });

/** Error 40: the environment already has a group of this name (any case). */
export async function assertGroupNameFree(
  context: ProviderContext,
  environmentId: number,
  name: string,
  exceptId?: number,
) {
  if (await takenInEnvironment(context.db, 'groups', 'name', environmentId, name, exceptId))
    throw refuse(ErrorCode.GROUP_NAME_EXISTS);
}
