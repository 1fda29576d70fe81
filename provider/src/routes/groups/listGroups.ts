import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { groupView } from './groupRecords.js';

/** GET config/{env}/groups. */
export const listGroups = route(API.groups.list, (context) => async ({ auth: { target } }) => {
  const rows = await context.db
    .selectFrom('groups')
    .selectAll()
    .where('environment_id', '=', target.id)
    .orderBy('id')
    .execute();
  return { groups: rows.map(groupView) };
});
