import type { Request } from 'express';
import type { ProviderContext } from '../../context.js';
import { idNotFound, parseId, scoped } from '../../http/tenancy.js';
import type { UserRow } from '../../store/schema.js';

/** The user named by {id} in environment {env}; any other id is "ID not found". */
export async function reachableUser(context: ProviderContext, request: Request): Promise<UserRow> {
  const { target } = scoped(request);
  const id = parseId(request.params.id);
  const row = await context.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('environment_id', '=', target.id)
    .executeTakeFirst();
  if (!row) throw idNotFound();
  return row;
}
