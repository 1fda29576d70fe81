import { API, AuditAction, AuditResource, fieldChanges } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { auditChange, findReachable } from '../../http/reachable.js';
import { assertGroupNameFree, groupInputColumns, groupView } from './groupRecords.js';

/** PUT config/{env}/groups/{id}. */
export const updateGroup = route(API.groups.update, (context) => async ({ auth, params, body: { group } }) => {
  const existing = await findReachable(context.db, 'groups', auth, params.id);
  await assertGroupNameFree(context, existing.environment_id, group.name, existing.id);
  const row = await context.db
    .updateTable('groups')
    .set(groupInputColumns(group))
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await auditChange(
    context.db,
    auth,
    {
      resource: AuditResource.GROUP,
      action: AuditAction.UPDATE,
      name: row.name,
      changes: fieldChanges(groupView(existing), groupView(row)),
    },
    context.now(),
  );
  return { group: groupView(row) };
});
