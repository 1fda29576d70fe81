import { API, RF_RECORDINGS_LIST_MAX } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { findReachable } from '../../http/reachable.js';
import { recordingView } from './rfRecordingView.js';

/**
 * GET config/{env}/rf_data_recordings?device_id=N: the device's recordings, newest first, at
 * most RF_RECORDINGS_LIST_MAX of them (a device's recordings grow for as long as it flies);
 * one more is read to tell whether the list was cut.
 */
export const listRfRecordings = route(API.rfRecordings.list, (context) => async ({ auth, query }) => {
  const device = await findReachable(context.db, 'devices', auth, query.device_id);
  const rows = await context.db
    .selectFrom('rf_recordings')
    .selectAll()
    .where('device_id', '=', device.id)
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .limit(RF_RECORDINGS_LIST_MAX + 1)
    .execute();
  return {
    rf_recordings: rows.slice(0, RF_RECORDINGS_LIST_MAX).map((row) => recordingView(row, device)),
    truncated: rows.length > RF_RECORDINGS_LIST_MAX,
  };
});
