import { API, ErrorCode, SAVED_VIEW_QUERY_MAX, SAVED_VIEWS_PER_USER_MAX, ValidationKey } from '@halo/shared';
import { refuse } from '../../errors/httpError.js';
import { route } from '../../http/endpointRoute.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { normalQuery, savedViewView, type SavedViewRow } from './savedViewRecords.js';

/**
 * POST config/{env}/saved_views {view: {screen, name, query}}: the caller's view of the screen
 * under that name, in the environment. A name the caller already uses there is replaced (its
 * query); a new one counts against SAVED_VIEWS_PER_USER_MAX (error 170 with `limit`).
 */
export const createSavedView = route(API.savedViews.create, (context) => async ({ auth, body: { view } }) => {
  const query = normalQuery(view.query);
  if (query.length > SAVED_VIEW_QUERY_MAX) {
    throw refuse(ErrorCode.MISSING_VALUES, { 'view.query': ValidationKey.MAX_LENGTH });
  }
  const owner = { user_id: auth.user.id, environment_id: auth.target.id, screen: view.screen };
  const save = () =>
    context.db.transaction().execute(async (trx): Promise<SavedViewRow> => {
      const now = context.now();
      const replaced = await trx
        .updateTable('saved_views')
        .set({ query, updated_at: now })
        .where('user_id', '=', owner.user_id)
        .where('environment_id', '=', owner.environment_id)
        .where('screen', '=', owner.screen)
        .where('name', '=', view.name)
        .returningAll()
        .executeTakeFirst();
      if (replaced) return replaced;
      const held = await trx
        .selectFrom('saved_views')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', owner.user_id)
        .where('environment_id', '=', owner.environment_id)
        .where('screen', '=', owner.screen)
        .executeTakeFirstOrThrow();
      if (Number(held.count) >= SAVED_VIEWS_PER_USER_MAX) {
        throw refuse(ErrorCode.SAVED_VIEW_LIMIT_REACHED, { limit: SAVED_VIEWS_PER_USER_MAX });
      }
      return trx
        .insertInto('saved_views')
        .values({ ...owner, name: view.name, query, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  try {
    return { view: savedViewView(await save()) };
  } catch (error) {
    // The same name saved by another call at the same moment: it exists now, so this one replaces it.
    if (isUniqueViolation(error)) return { view: savedViewView(await save()) };
    throw error;
  }
});
