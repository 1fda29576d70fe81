import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { logPageOrder, logPageSize } from './logPage.js';
import { selectUserAudits, userAuditOf } from './userAuditQuery.js';

/**
 * GET config/{env}/user_audits, the audit log: every change and security event of the
 * environment, newest first, `page_size` entries (100 unless told), older pages with
 * `object_id`; filters free_text (user, name or detail), start_date/end_date, resources and actions.
 */
export const listUserAudits = route(API.logs.userAudits, (context) => async ({ auth: { target }, query, signal }) => {
  const read = context.reads.begin('page', signal);
  const rows = await read.rows(
    selectUserAudits(context.db, target.id, query)
      .selectAll()
      .orderBy('id', logPageOrder(query))
      .limit(logPageSize(query))
      .compile(),
  );
  return { user_audits: rows.map(userAuditOf) };
});
