import { API, AuditAction, AuditResource, ErrorCode } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { auditChange } from '../../http/reachable.js';
import { assertCollectionRoom } from '../../store/collectionCaps.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { assertGroupNameFree, groupInputColumns, groupView } from './groupRecords.js';

/** POST config/{env}/groups: error 40 for a name the environment already has, 180 past COLLECTION_CAPS.groups. */
export const createGroup = route(API.groups.create, (context) => async ({ auth, body: { group } }) => {
  await assertGroupNameFree(context, auth.target.id, group.name);
  await assertCollectionRoom('groups', context.db.selectFrom('groups').where('environment_id', '=', auth.target.id));
  try {
    const row = await context.db
      .insertInto('groups')
      .values({ environment_id: auth.target.id, ...groupInputColumns(group), created_at: context.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditChange(
      context.db,
      auth,
      { resource: AuditResource.GROUP, action: AuditAction.CREATE, name: row.name },
      context.now(),
    );
    return { id: row.id, group: groupView(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ErrorCode.GROUP_NAME_EXISTS);
    throw error;
  }
});
