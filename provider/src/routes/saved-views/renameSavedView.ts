import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { savedViewView, type SavedViewRow } from './savedViewRecords.js';

/**
 * PUT config/{env}/saved_views/{id} {view: {name}}: one of the caller's own views there under a
 * new name, its query and screen kept; anyone else's id is 404. As saving does, a name the
 * caller already uses for another view of the screen is taken over: that view is replaced.
 */
export const renameSavedView = route(API.savedViews.rename, (context) => async ({ auth, params, body: { view } }) => {
  const rename = () =>
    context.db.transaction().execute(async (trx): Promise<SavedViewRow> => {
      const own = await trx
        .selectFrom('saved_views')
        .selectAll()
        .where('id', '=', params.id)
        .where('user_id', '=', auth.user.id)
        .where('environment_id', '=', auth.target.id)
        .executeTakeFirst();
      if (!own) throw idNotFound();
      if (own.name === view.name) return own;
      await trx
        .deleteFrom('saved_views')
        .where('user_id', '=', own.user_id)
        .where('environment_id', '=', own.environment_id)
        .where('screen', '=', own.screen)
        .where('name', '=', view.name)
        .where('id', '!=', own.id)
        .execute();
      return trx
        .updateTable('saved_views')
        .set({ name: view.name, updated_at: context.now() })
        .where('id', '=', own.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  try {
    return { view: savedViewView(await rename()) };
  } catch (error) {
    // The name saved by another call at the same moment: it exists now, so this one takes it over.
    if (isUniqueViolation(error)) return { view: savedViewView(await rename()) };
    throw error;
  }
});
