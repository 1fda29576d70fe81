import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { logPageOrder, logPageSize } from './logPage.js';
import { satcomMessageOf } from '../../satcom/satcomMessageView.js';
import { selectSatcomMessages } from './satcomMessageQuery.js';

/**
 * GET config/{env}/satcom_messages, the messaging log: newest first, `page_size` entries (100
 * unless told), older pages with `object_id` (the last id seen); filters free_text (name,
 * serial, IMEI, network or description), device_name, device_ids, networks, start_date/end_date
 * (a date or a date-time, UTC) and severities. With `since_id`, the entries after it, oldest first.
 */
export const listSatcomMessages = route(
  API.logs.satcomMessages,
  (context) =>
    async ({ auth: { target }, query, signal }) => {
      const read = context.reads.begin('page', signal);
      const rows = await read.rows(
        selectSatcomMessages(context.db, target.id, query)
          .selectAll()
          .orderBy('id', logPageOrder(query))
          .limit(logPageSize(query))
          .compile(),
      );
      return { satcom_messages: rows.map(satcomMessageOf) };
    },
);
