import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { csvChunks, everyRow, exportFileName } from './logPage.js';
import { selectSystemLogs, SYSTEM_LOG_CSV_HEADER, systemLogCells } from './systemLogQuery.js';

/** GET config/{env}/system_logs/export: every entry the filters select, newest first, streamed as CSV. */
export const exportSystemLogs = route(API.logs.systemLogsExport, (context) => ({ auth: { target }, query }) => {
  const batches = everyRow((olderThan, limit) =>
    selectSystemLogs(context.db, target.id, { ...query, object_id: olderThan })
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  );
  return {
    fileName: exportFileName('system-log', context.now()),
    contentType: CSV_MEDIA_TYPE,
    data: csvChunks(SYSTEM_LOG_CSV_HEADER, batches, systemLogCells),
  };
});
