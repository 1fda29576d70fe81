import { API, type DeviceListResponse } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { jsonArrayAnswer } from '../../http/jsonAnswer.js';
import { textOfBatches } from '../../store/keysetPages.js';
import { contains } from '../logs/logPage.js';

import { devicesOfQuery } from './deviceQueries.js';

/**
 * GET config/{env}/devices: every device of environment {env} with its status and reporting,
 * those `devices=1,2,3` names (the Devices table asks for the rows on screen), or its servers
 * with `is_server=true` (a new server is offered a port range they leave free); `search` keeps
 * those whose name or serial number holds the text, and `limit` (with `after`) answers one
 * page by id: the console's pickers and global search ask for a page, never the whole fleet.
 *
 * The spec's call answers the whole set, so it is streamed rather than paged: read by id in
 * keyset batches (HALO_LIST_BATCH_ROWS) in the read pool, each batch written as JSON where it
 * was read (readShapers.ts), and sent as it comes, so neither this loop nor memory holds the
 * whole list. Under the export budget: a 100,000-device list is a whole set, as an export is.
 * Batches are read one after another, not in one snapshot: a device added or removed meanwhile
 * may or may not be in the list, as it would be a moment earlier or later.
 */
export const listDevices = route(
  API.devices.list,
  (context) =>
    ({ auth, query: { devices, is_server: isServer, search, limit, after }, signal }) => {
      const { query, empty } = devicesOfQuery(context, auth, devices);
      if (empty) return { devices: [] };
      let selected = isServer === undefined ? query : query.where('is_server', '=', isServer ? 1 : 0);
      if (search !== undefined) {
        selected = selected.where((eb) => eb.or([contains('name', search), contains('pairing_id', search)]));
      }
      if (after !== undefined) selected = selected.where('id', '>', after);
      const read = context.reads.begin('export', signal);
      const batches = textOfBatches(
        (pastId, batchLimit) => {
          const batch = pastId === undefined ? selected : selected.where('id', '>', pastId);
          return read.shaped(batch.selectAll().orderBy('id').limit(batchLimit).compile(), 'deviceList', undefined);
        },
        limit ?? context.config.listBatchRows,
        // A page is one batch: the caller asks for the next with `after`.
        limit === undefined ? undefined : 1,
      );
      return jsonArrayAnswer<DeviceListResponse>('devices', batches);
    },
);
