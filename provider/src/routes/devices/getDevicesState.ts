import { API, DEVICES_STATE_INCREMENTAL, DevicesStateQuerySchema, QueryIntSchema } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';

import { currentRevision } from '../../store/revisions.js';
import { DEVICE_STATE_COLUMNS, deviceStateEntry, type DeviceStateEntryView } from './deviceView.js';

/** The shared devices_state query plus `cursor`, the value the previous answer gave. */
export const DevicesStateCursorQuerySchema = DevicesStateQuerySchema.extend({ cursor: QueryIntSchema.optional() });

export interface DevicesStateAnswer {
  devices_state: DeviceStateEntryView[];
  /** Devices deleted since the cursor (incremental answers only). */
  removed: number[];
  /** Send it back as `cursor` with state=1 to get only what changed after this answer. */
  cursor: number;
  /** False when the answer is the full list (no state=1, no cursor, or a cursor this store never gave). */
  incremental: boolean;
}

/**
 * GET config/{env}/devices/devices_state?state=1&cursor=N. Every device change takes a
 * revision from one counter; the answer's cursor is that counter as this answer saw it. With
 * state=1 and a cursor, the answer holds only devices whose revision is above the cursor and
 * the ids removed since; otherwise it is the full list. One snapshot (repeatable read) so
 * the list and the cursor agree.
 */
export const getDevicesState = route(API.devices.devicesState, (context) => async ({ auth: { target }, query }) => {
  const only = query.devices;
  const answer = await context.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx): Promise<DevicesStateAnswer> => {
      const counter = await currentRevision(trx);
      const since =
        query.state === DEVICES_STATE_INCREMENTAL && query.cursor !== undefined && query.cursor <= counter
          ? query.cursor
          : null;
      if (only !== undefined && only.length === 0) {
        return { devices_state: [], removed: [], cursor: counter, incremental: since !== null };
      }
      let devices = trx.selectFrom('devices').select(DEVICE_STATE_COLUMNS).where('environment_id', '=', target.id);
      if (since !== null) devices = devices.where('revision', '>', since);
      if (only) devices = devices.where('id', 'in', only);
      const rows = await devices.orderBy('revision').execute();
      let removed: number[] = [];
      if (since !== null) {
        let removals = trx
          .selectFrom('device_removals')
          .select('device_id')
          .where('environment_id', '=', target.id)
          .where('revision', '>', since);
        if (only) removals = removals.where('device_id', 'in', only);
        removed = (await removals.orderBy('revision').execute()).map((row) => row.device_id);
      }
      return { devices_state: rows.map(deviceStateEntry), removed, cursor: counter, incremental: since !== null };
    });
  return answer;
});
