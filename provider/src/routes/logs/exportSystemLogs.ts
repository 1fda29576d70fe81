import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { csvChunks, everyRow, exportFileName } from './logPage.js';
import { SYSTEM_LOG_CSV_HEADER, systemLogCells, systemLogRows } from './systemLogQuery.js';

/** GET config/{env}/system_logs/export: every entry the filters select, newest first, streamed as CSV. */
export const exportSystemLogs = route(API.logs.systemLogsExport, (context) => ({ auth: { target }, query, signal }) => {
  const read = context.reads.begin('export', signal);
  const batches = everyRow((olderThan, limit) =>
    systemLogRows(context, read, target.id, { ...query, object_id: olderThan }, 'desc', limit),
  );
  return {
    fileName: exportFileName('system-log', context.now()),
    contentType: CSV_MEDIA_TYPE,
    data: csvChunks(SYSTEM_LOG_CSV_HEADER, batches, systemLogCells(query.lang)),
  };
});
