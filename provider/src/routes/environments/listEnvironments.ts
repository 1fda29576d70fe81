import { API } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { descendantsOf } from '../../http/tenancy.js';
import { environmentViews } from './environmentView.js';

const DEFAULT_PAGE_SIZE = 1000;

/**
 * GET config/{env}/environments: the environments below {env}. env_name filters by a part of
 * the name; object_id and page_size page through by id (ids greater than object_id).
 */
export const listEnvironments = route(API.environments.list, (context) => async ({ auth: { target }, query }) => {
  const needle = query.env_name?.toLowerCase();
  const rows = (await descendantsOf(context.db, target.id))
    .filter((row) => (needle ? row.name.toLowerCase().includes(needle) : true))
    .filter((row) => (query.object_id ? row.id > query.object_id : true))
    .sort((a, b) => a.id - b.id)
    .slice(0, query.page_size ?? DEFAULT_PAGE_SIZE);
  return { environments: await environmentViews(context.db, rows) };
});
