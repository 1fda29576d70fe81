import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { exportFileName, shapedCsvChunks } from './logPage.js';
import { selectUserAudits, USER_AUDIT_CSV_HEADER } from './userAuditQuery.js';

/**
 * GET config/{env}/user_audits/export: every audit entry the filters select, newest first,
 * streamed as CSV; each batch written as CSV where it was read, in the reader's language (200,000
 * entries written on the request loop held it 53-57 ms at a time; it now only passes the text on).
 */
export const exportUserAudits = route(API.logs.userAuditsExport, (context) => ({ auth: { target }, query, signal }) => {
  const read = context.reads.begin('export', signal);
  return {
    fileName: exportFileName('audit-log', context.now()),
    contentType: CSV_MEDIA_TYPE,
    data: shapedCsvChunks(USER_AUDIT_CSV_HEADER, (olderThan, limit) =>
      read.shaped(
        selectUserAudits(context.db, target.id, { ...query, object_id: olderThan })
          .selectAll()
          .orderBy('id', 'desc')
          .limit(limit)
          .compile(),
        'userAuditCsv',
        query.lang,
      ),
    ),
  };
});
