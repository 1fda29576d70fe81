import { ErrorCode, type Group, type GroupWrite } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { refuse } from '../../errors/httpError.js';
import type { GroupRow, GroupsTable } from '../../store/schema.js';
import { takenInEnvironment } from '../../store/uniqueness.js';

export const groupView = (row: GroupRow): Group => ({ id: row.id, name: row.name });

type GroupInput = GroupWrite['group'];

/**
 * The columns a group's input writes (POST and PUT /groups): one column per field of the
 * contract's input, of the table's type, so a field added to the input is a compile error
 * here (and in GroupsTable) until it has its column.
 */
export const groupInputColumns = (group: GroupInput): { readonly [Field in keyof GroupInput]: GroupsTable[Field] } => ({
  name: group.name,
});

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
