import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { exportFileName, shapedCsvChunks } from './logPage.js';
import { SYSTEM_LOG_CSV_HEADER, systemLogQuery } from './systemLogQuery.js';

/**
 * GET config/{env}/system_logs/export: every entry the filters select, newest first, streamed as
 * CSV; each batch written as CSV where it was read, in the reader's language (a log can hold
 * millions of entries: the request loop only passes the text on).
 */
export const exportSystemLogs = route(API.logs.systemLogsExport, (context) => ({ auth: { target }, query, signal }) => {
  const read = context.reads.begin('export', signal);
  return {
    fileName: exportFileName('system-log', context.now()),
    contentType: CSV_MEDIA_TYPE,
    data: shapedCsvChunks(SYSTEM_LOG_CSV_HEADER, (olderThan, limit) =>
      read.shaped(
        systemLogQuery(context, target.id, { ...query, object_id: olderThan }, 'desc', limit),
        'systemLogCsv',
        query.lang,
      ),
    ),
  };
});
