import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { exportFileName, shapedCsvChunks } from './logPage.js';
import { SATCOM_MESSAGE_CSV_HEADER, selectSatcomMessages } from './satcomMessageQuery.js';

/**
 * GET config/{env}/satcom_messages/export: every message the filters select, newest first,
 * streamed as CSV; each batch written as CSV where it was read, in the reader's language (as
 * the system log's export: the request loop only passes the text on).
 */
export const exportSatcomMessages = route(
  API.logs.satcomMessagesExport,
  (context) =>
    ({ auth: { target }, query, signal }) => {
      const read = context.reads.begin('export', signal);
      return {
        fileName: exportFileName('messaging-log', context.now()),
        contentType: CSV_MEDIA_TYPE,
        data: shapedCsvChunks(SATCOM_MESSAGE_CSV_HEADER, (olderThan, limit) =>
          read.shaped(
            selectSatcomMessages(context.db, target.id, { ...query, object_id: olderThan })
              .selectAll()
              .orderBy('id', 'desc')
              .limit(limit)
              .compile(),
            'satcomMessageCsv',
            query.lang,
          ),
        ),
      };
    },
);
