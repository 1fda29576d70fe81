import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { findReachable } from '../../http/reachable.js';
import { recordingView } from './rfRecordingView.js';

/** GET config/{env}/rf_data_recordings?device_id=N: the device's recordings, newest first. */
export const listRfRecordings = route(API.rfRecordings.list, (context) => async ({ auth, query }) => {
  const device = await findReachable(context.db, 'devices', auth, query.device_id);
  const rows = await context.db
    .selectFrom('rf_recordings')
    .selectAll()
    .where('device_id', '=', device.id)
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { rf_recordings: rows.map((row) => recordingView(row, device)) };
});
