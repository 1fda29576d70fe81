import { API, DEVICES_STATE_COLUMNS, DEVICES_STATE_INCREMENTAL, type DevicesStateAnswer } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { jsonAnswerWith, type JsonText } from '../../http/jsonAnswer.js';

import { keptToEnvironment } from '../../store/keptToEnvironment.js';
import { revisionOf, selectCurrentRevision } from '../../store/revisions.js';
import { DEVICE_STATE_COLUMNS } from './deviceView.js';
import { devicesStateColumnsText, type DevicesStateColumnsText } from './devicesStateText.js';

type Answered = Pick<DevicesStateAnswer, 'removed' | 'cursor' | 'incremental'>;

/**
 * The answer: its cursor part and the devices, already JSON text (shaped where they were read):
 * as entries the spec has them, or as fleet columns.
 */
function answerWith(
  part: Answered,
  devices: { readonly entries: JsonText } | { readonly columns: DevicesStateColumnsText },
) {
  if ('columns' in devices)
    return jsonAnswerWith<DevicesStateAnswer>(
      { devices_state: [], ...part, changed_at: devices.columns.changedAt },
      { columns: devices.columns.columns },
    );
  return jsonAnswerWith<DevicesStateAnswer>(part, { devices_state: devices.entries });
}

/**
 * GET config/{env}/devices/devices_state?state=1&cursor=N. Every device change takes a
 * revision from one counter; the answer's cursor is that counter as this answer saw it. With
 * state=1 and a cursor, the answer holds only devices whose revision is above the cursor and
 * the ids removed since; otherwise it is the full list. One snapshot (one read transaction) so
 * the list and the cursor agree, read in the read pool: a 100,000-device list does not hold the
 * loop that answers everyone else. With format=columns (the product's extension, which the
 * gateway asks for) the devices come as fleet columns, a tenth of the bytes to send and parse,
 * shaped where they were read (readShapers.ts) and sent as the JSON text that came back.
 */
export const getDevicesState = route(
  API.devices.devicesState,
  (context) =>
    async ({ auth: { target }, query, signal }) => {
      const only = query.devices;
      const columns = query.format === DEVICES_STATE_COLUMNS;
      const read = context.reads.begin('page', signal);
      const revision = selectCurrentRevision(context.db).compile();
      if (only !== undefined && only.length === 0) {
        const [counter] = await read.snapshot([revision]);
        const since = query.state === DEVICES_STATE_INCREMENTAL && query.cursor !== undefined ? query.cursor : null;
        const cursor = revisionOf(counter);
        const part = { removed: [], cursor, incremental: since !== null && since <= cursor };
        return answerWith(part, columns ? { columns: await devicesStateColumnsText([]) } : { entries: '[]' });
      }
      const changedSince = (since: number | null) => {
        const all = context.db.selectFrom('devices').select(DEVICE_STATE_COLUMNS);
        let devices = only
          ? all.where('id', 'in', only).where(keptToEnvironment(target.id))
          : all.where('environment_id', '=', target.id);
        if (since !== null) devices = devices.where('revision', '>', since);
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
      /**
       * The answer since `since` (null: the full list), or null when `since` is above the
       * store's counter (a cursor this store never gave: the caller asks for the full list).
       */
      const answerSince = async (since: number | null) => {
        const removals = since === null ? [] : [removedSince(since)];
        const answered = (counter: readonly { value: number | string }[], removed: readonly unknown[]) => {
          const cursor = revisionOf(counter);
          if (since !== null && since > cursor) return null;
          const part: Answered = {
            removed: (removed as { device_id: number }[]).map((row) => row.device_id),
            cursor,
            incremental: since !== null,
          };
          return part;
        };
        const head = [revision, ...removals] as const;
        if (columns) {
          const { rows, shaped } = await read.shapedSnapshot(head, changedSince(since), 'devicesStateColumns');
          const part = answered(rows[0], rows[1] ?? []);
          return part && answerWith(part, { columns: shaped });
        }
        const { rows, shaped } = await read.shapedSnapshot(head, changedSince(since), 'devicesStateEntries');
        const part = answered(rows[0], rows[1] ?? []);
        return part && answerWith(part, { entries: shaped });
      };
      const cursor = query.state === DEVICES_STATE_INCREMENTAL ? query.cursor : undefined;
      return (cursor === undefined ? null : await answerSince(cursor)) ?? (await answerSince(null))!;
    },
);
