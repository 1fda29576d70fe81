import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';

/** DELETE config/{env}/saved_views/{id}: one of the caller's own views there; anyone else's id is 404. */
export const deleteSavedView = route(API.savedViews.remove, (context) => async ({ auth, params }) => {
  const deleted = await context.db
    .deleteFrom('saved_views')
    .where('id', '=', params.id)
    .where('user_id', '=', auth.user.id)
    .where('environment_id', '=', auth.target.id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw idNotFound();
  return { ok: true };
});
