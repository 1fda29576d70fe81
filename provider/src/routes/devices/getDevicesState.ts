import {
  API,
  DEVICES_STATE_COLUMNS,
  DEVICES_STATE_INCREMENTAL,
  DEVICES_STATE_MAX_REMOVED,
  type DevicesStateAnswer,
} from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { jsonAnswerWith, jsonArrayAnswer, type JsonAnswer } from '../../http/jsonAnswer.js';

import { keptToEnvironment } from '../../store/keptToEnvironment.js';
import { textOfBatches } from '../../store/keysetPages.js';
import { revisionOf, selectCurrentRevision } from '../../store/revisions.js';
import { DEVICE_STATE_COLUMNS } from './deviceView.js';
import { devicesStateColumnsText, type DevicesStateColumnsText } from './devicesStateText.js';

type Answered = Pick<DevicesStateAnswer, 'removed' | 'cursor' | 'incremental'>;

/** The answer with the devices as fleet columns, already JSON text (shaped where they were read). */
const columnsAnswer = (part: Answered, columns: DevicesStateColumnsText): JsonAnswer<DevicesStateAnswer> =>
  jsonAnswerWith<DevicesStateAnswer>(
    { devices_state: [], ...part, changed_at: columns.changedAt },
    { columns: columns.columns },
  );

/**
 * GET config/{env}/devices/devices_state?state=1&cursor=N. Every device change takes a
 * revision from one counter; the answer's cursor is that counter as this answer saw it. With
 * state=1 and a cursor, the answer holds only devices whose revision is above the cursor and
 * the ids removed since; otherwise it is the full list. One snapshot (one read transaction) so
 * the list and the cursor agree, read in the read pool: a 100,000-device list does not hold the
 * loop that answers everyone else. With format=columns (the product's extension, which the
 * gateway asks for) the devices come as fleet columns, a tenth of the bytes to send and parse,
 * shaped where they were read (readShapers.ts) and sent as the JSON text that came back.
 * Bounded (the contract's `streamed`): the entries, full or changed, are read by id in keyset
 * batches and written as they come; the ids removed since a cursor are at most
 * DEVICES_STATE_MAX_REMOVED (one more is read to tell), past which the answer is the full list.
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
        return columns
          ? columnsAnswer(part, await devicesStateColumnsText([]))
          : jsonAnswerWith<DevicesStateAnswer>(part, { devices_state: '[]' });
      }
      const changedSince = (since: number | null) => {
        const all = context.db.selectFrom('devices').select(DEVICE_STATE_COLUMNS);
        const devices = only
          ? all.where('id', 'in', only).where(keptToEnvironment(target.id))
          : all.where('environment_id', '=', target.id);
        return since === null ? devices : devices.where('revision', '>', since);
      };
      const removedSince = (since: number) => {
        let removals = context.db
          .selectFrom('device_removals')
          .select('device_id')
          .where('environment_id', '=', target.id)
          .where('revision', '>', since);
        if (only) removals = removals.where('device_id', 'in', only);
        return removals
          .orderBy('revision')
          .limit(DEVICES_STATE_MAX_REMOVED + 1)
          .compile();
      };
      /**
       * The answer since `since` (null: the full list), or null when `since` is above the
       * store's counter (a cursor this store never gave) or more than DEVICES_STATE_MAX_REMOVED
       * devices were removed since it: the caller asks for the full list.
       */
      const answerSince = async (since: number | null) => {
        const removals = since === null ? [] : [removedSince(since)];
        const answered = (counter: readonly { value: number | string }[], removed: readonly unknown[]) => {
          const cursor = revisionOf(counter);
          if (since !== null && (since > cursor || removed.length > DEVICES_STATE_MAX_REMOVED)) return null;
          const part: Answered = {
            removed: (removed as { device_id: number }[]).map((row) => row.device_id),
            cursor,
            incremental: since !== null,
          };
          return part;
        };
        const head = [revision, ...removals] as const;
        if (columns) {
          const changed = changedSince(since).orderBy('revision').compile();
          const { rows, shaped } = await read.shapedSnapshot(head, changed, 'devicesStateColumns');
          const part = answered(rows[0], rows[1] ?? []);
          return part && columnsAnswer(part, shaped);
        }
        const [counter, removed] = await read.snapshot(head);
        const part = answered(counter, removed ?? []);
        if (!part) return null;
        const batchRead = context.reads.begin('export', signal);
        const changed = changedSince(since);
        const batches = textOfBatches((pastId, limit) => {
          const batch = pastId === undefined ? changed : changed.where('id', '>', pastId);
          return batchRead.shaped(batch.orderBy('id').limit(limit).compile(), 'devicesStateEntries', undefined);
        }, context.config.listBatchRows);
        return jsonArrayAnswer<DevicesStateAnswer>('devices_state', batches, part);
      };
      const cursor = query.state === DEVICES_STATE_INCREMENTAL ? query.cursor : undefined;
      return (cursor === undefined ? null : await answerSince(cursor)) ?? (await answerSince(null))!;
    },
);
