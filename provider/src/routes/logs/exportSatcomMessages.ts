import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { csvChunks, everyRow, exportFileName } from './logPage.js';
import { SATCOM_MESSAGE_CSV_HEADER, satcomMessageCells, selectSatcomMessages } from './satcomMessageQuery.js';

/** GET config/{env}/satcom_messages/export: every message the filters select, newest first, streamed as CSV. */
export const exportSatcomMessages = route(
  API.logs.satcomMessagesExport,
  (context) =>
    ({ auth: { target }, query, signal }) => {
      const read = context.reads.begin('export', signal);
      const batches = everyRow((olderThan, limit) =>
        read.rows(
          selectSatcomMessages(context.db, target.id, { ...query, object_id: olderThan })
            .selectAll()
            .orderBy('id', 'desc')
            .limit(limit)
            .compile(),
        ),
      );
      return {
        fileName: exportFileName('messaging-log', context.now()),
        contentType: CSV_MEDIA_TYPE,
        data: csvChunks(SATCOM_MESSAGE_CSV_HEADER, batches, satcomMessageCells(query.lang)),
      };
    },
);
