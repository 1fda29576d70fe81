import {
  API,
  DEVICES_STATE_COLUMNS,
  DEVICES_STATE_INCREMENTAL,
  devicesStateColumns,
  type DevicesStateAnswer,
} from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { inTurns } from '../../loopTurns.js';

import { revisionOf, selectCurrentRevision } from '../../store/revisions.js';
import {
  DEVICE_STATE_COLUMNS,
  deviceStateEntry,
  liveStatesInTurns,
  SHAPED_PER_TURN,
  type DeviceStateRow,
} from './deviceView.js';

/**
 * The devices of an answer: entries as the spec has them, or with format=columns as fleet
 * columns. Shaped in turns, so a 100,000-device answer does not hold other requests.
 */
async function devicesPart(rows: readonly DeviceStateRow[], columns: boolean): Promise<Partial<DevicesStateAnswer>> {
  if (!columns) return { devices_state: await inTurns(rows, SHAPED_PER_TURN, (slice) => slice.map(deviceStateEntry)) };
  let changedAt: number | null = null;
  for (const row of rows) if (changedAt === null || row.updated_at < changedAt) changedAt = row.updated_at;
  return {
    devices_state: [],
    columns: devicesStateColumns(await liveStatesInTurns(rows)) as unknown as Record<string, unknown>,
    changed_at: changedAt,
  };
}

/**
 * GET config/{env}/devices/devices_state?state=1&cursor=N. Every device change takes a
 * revision from one counter; the answer's cursor is that counter as this answer saw it. With
 * state=1 and a cursor, the answer holds only devices whose revision is above the cursor and
 * the ids removed since; otherwise it is the full list. One snapshot (one read transaction) so
 * the list and the cursor agree, read in the read pool: a 100,000-device list does not hold the
 * loop that answers everyone else. With format=columns (the product's extension, which the
 * gateway asks for) the devices come as fleet columns: a tenth of the bytes to send and parse.
 */
export const getDevicesState = route(
  API.devices.devicesState,
  (context) =>
    async ({ auth: { target }, query, signal }): Promise<DevicesStateAnswer> => {
      const only = query.devices;
      const columns = query.format === DEVICES_STATE_COLUMNS;
      const read = context.reads.begin('page', signal);
      const revision = selectCurrentRevision(context.db).compile();
      if (only !== undefined && only.length === 0) {
        const [counter] = await read.snapshot([revision]);
        const since = query.state === DEVICES_STATE_INCREMENTAL && query.cursor !== undefined ? query.cursor : null;
        const incremental = since !== null && since <= revisionOf(counter);
        return {
          devices_state: [],
          ...(await devicesPart([], columns)),
          removed: [],
          cursor: revisionOf(counter),
          incremental,
        };
      }
      const changedSince = (since: number | null) => {
        let devices = context.db
          .selectFrom('devices')
          .select(DEVICE_STATE_COLUMNS)
          .where('environment_id', '=', target.id);
        if (since !== null) devices = devices.where('revision', '>', since);
        if (only) devices = devices.where('id', 'in', only);
        return devices.orderBy('revision').compile();
      };
      const removedSince = (since: number) => {
        let removals = context.db
          .selectFrom('device_removals')
          .select('device_id')
          .where('environment_id', '=', target.id)
          .where('revision', '>', since);
        if (only) removals = removals.where('device_id', 'in', only);
        return removals.orderBy('revision').compile();
      };
      const cursor = query.state === DEVICES_STATE_INCREMENTAL ? query.cursor : undefined;
      if (cursor !== undefined) {
        const [counter, rows, removals] = await read.snapshot([revision, changedSince(cursor), removedSince(cursor)]);
        // A cursor this store never gave (above its counter) gets the full list below.
        if (cursor <= revisionOf(counter))
          return {
            devices_state: [],
            ...(await devicesPart(rows, columns)),
            removed: removals.map((row) => row.device_id),
            cursor: revisionOf(counter),
            incremental: true,
          };
      }
      const [counter, rows] = await read.snapshot([revision, changedSince(null)]);
      return {
        devices_state: [],
        ...(await devicesPart(rows, columns)),
        removed: [],
        cursor: revisionOf(counter),
        incremental: false,
      };
    },
);
