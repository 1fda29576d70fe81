import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { csvChunks, everyRow, exportFileName } from './logPage.js';
import { selectUserAudits, USER_AUDIT_CSV_HEADER, userAuditCells } from './userAuditQuery.js';

/** GET config/{env}/user_audits/export: every audit entry the filters select, newest first, streamed as CSV. */
export const exportUserAudits = route(API.logs.userAuditsExport, (context) => ({ auth: { target }, query, signal }) => {
  const read = context.reads.begin('export', signal);
  const batches = everyRow((olderThan, limit) =>
    read.rows(
      selectUserAudits(context.db, target.id, { ...query, object_id: olderThan })
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .compile(),
    ),
  );
  return {
    fileName: exportFileName('audit-log', context.now()),
    contentType: CSV_MEDIA_TYPE,
    data: csvChunks(USER_AUDIT_CSV_HEADER, batches, userAuditCells(query.lang)),
  };
});
