import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { savedViewView } from './savedViewRecords.js';

/** GET config/{env}/saved_views?screen=devices: the caller's own views of the screen in the environment, by name. */
export const listSavedViews = route(API.savedViews.list, (context) => async ({ auth, query }) => {
  const rows = await context.db
    .selectFrom('saved_views')
    .selectAll()
    .where('user_id', '=', auth.user.id)
    .where('environment_id', '=', auth.target.id)
    .where('screen', '=', query.screen)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('name')
    .execute();
  return { views: rows.map(savedViewView) };
});
