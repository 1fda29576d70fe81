import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { ruleViewsOf } from './ruleRecords.js';

/** GET config/{env}/application_rules. */
export const listRules = route(API.applicationRules.list, (context) => async ({ auth: { target } }) => {
  const rows = await context.db
    .selectFrom('application_rules')
    .selectAll()
    .where('environment_id', '=', target.id)
    .orderBy('id')
    .execute();
  return { application_rules: await ruleViewsOf(context.db, target.id, rows) };
});
