import type { Request, RequestHandler } from 'express';
import { AuditAction, AuditResource, ErrorCode, GroupWriteSchema, type Group } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { badRequest } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';
import { idNotFound, parseId, scoped } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import type { GroupRow } from '../../store/schema.js';
import { isUniqueViolation } from '../../store/uniqueness.js';

const groupView = (row: GroupRow): Group => ({ id: row.id, name: row.name });
const nameExists = () => badRequest(ErrorCode.GROUP_NAME_EXISTS, 'Group with given name already exists');

async function assertNameFree(context: ProviderContext, environmentId: number, name: string, exceptId?: number) {
  let query = context.db
    .selectFrom('groups')
    .select('id')
    .where('environment_id', '=', environmentId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameExists();
}

async function reachableGroup(context: ProviderContext, request: Request): Promise<GroupRow> {
  const { target } = scoped(request);
  const row = await context.db
    .selectFrom('groups')
    .selectAll()
    .where('id', '=', parseId(request.params.id))
    .where('environment_id', '=', target.id)
    .executeTakeFirst();
  if (!row) throw idNotFound();
  return row;
}

async function audit(context: ProviderContext, request: Request, action: AuditAction, name: string) {
  const { target, user } = scoped(request);
  await writeAudit(
    context.db,
    { environmentId: target.id, userId: user.id, username: user.username, resource: AuditResource.GROUP, action, name },
    context.now(),
  );
}

/** GET config/{env}/groups. */
export function listGroups(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { target } = scoped(request);
    const rows = await context.db.selectFrom('groups').selectAll().where('environment_id', '=', target.id).orderBy('id').execute();
    response.json({ groups: rows.map(groupView) });
  };
}

/** POST config/{env}/groups: error 40 for a name the environment already has. */
export function createGroup(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { group } = parseBody(GroupWriteSchema, request.body);
    const { target } = scoped(request);
    await assertNameFree(context, target.id, group.name);
    try {
      const row = await context.db
        .insertInto('groups')
        .values({ environment_id: target.id, name: group.name, created_at: context.now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(context, request, AuditAction.CREATE, row.name);
      response.status(201).json({ id: row.id, group: groupView(row) });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameExists();
      throw error;
    }
  };
}

/** PUT config/{env}/groups/{id}. */
export function updateGroup(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { group } = parseBody(GroupWriteSchema, request.body);
    const existing = await reachableGroup(context, request);
    await assertNameFree(context, existing.environment_id, group.name, existing.id);
    const row = await context.db
      .updateTable('groups')
      .set({ name: group.name })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(context, request, AuditAction.UPDATE, row.name);
    response.json({ group: groupView(row) });
  };
}

/** DELETE config/{env}/groups/{id}. */
export function deleteGroup(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const existing = await reachableGroup(context, request);
    await context.db.deleteFrom('groups').where('id', '=', existing.id).execute();
    await audit(context, request, AuditAction.DELETE, existing.name);
    response.json({ ok: true });
  };
}
