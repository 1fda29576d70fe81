import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { forEachSlice } from '../loopTurns.js';
import { alarmReadingsOf, applyAlarmReadings, devicesReconnecting, reviseAlarmsOfDevices } from '../store/alarms.js';
import { addConnectedSeconds, type ConnectedSeconds } from '../store/connectivityUsage.js';
import { historyChunks, insertHistory, type HistoryRows } from '../store/deviceHistory.js';
import { insertInBatches } from '../store/insertInBatches.js';
import { insertPositionSamples } from '../store/positionSamples.js';
import { takeRevisions } from '../store/revisions.js';
import type { Database, NewPositionSample } from '../store/schema.js';
import { updateDeviceStatuses, type StatusUpdate } from './batchStatusUpdate.js';
import type { LogDraft } from './deviceChanges.js';
import { statusColumns, type SimulatedDevice } from './fleetPlan.js';
import type { SimulatedRecording } from './rfRecordings.js';
import type { SatcomDraft } from './satcomMessages.js';

/**
 * A tick's writes, each in transactions short enough that every other tenant's requests are
 * answered between them (issue 25): the changed devices' statuses, the position samples, the
 * devices' history (issue 28), then the records the tick made (logs, satellite messages, usage,
 * a recording) together.
 */

/** Log entries and satellite messages per INSERT: well under the bound-parameter limits. */
const INSERT_BATCH = 300;

/** Changed devices written per transaction: about 15 ms of the provider's thread each. */
const STATUS_WRITE_BATCH = 100;

/**
 * The changed devices' statuses in transactions of STATUS_WRITE_BATCH devices, with a turn of
 * the event loop between them: one transaction for a 100,000-device fleet's 1,000 changes held
 * the provider's only thread (and its one SQLite connection) for 150-250 ms each second, and
 * every other tenant's request waited that long (issue 25). Each device's row is still written
 * whole, in one statement. The active alarms of a device that connected or disconnected get a
 * revision of their own in the same transaction: they are current or `stale` now, and the live
 * alarm stream says so (issue 39, item 3).
 */
export async function writeStatuses(db: Kysely<Database>, changed: readonly SimulatedDevice[], now: number) {
  await forEachSlice(changed, STATUS_WRITE_BATCH, (batch) =>
    db.transaction().execute(async (trx) => {
      const firstRevision = await takeRevisions(trx, batch.length + 1);
      const updates: StatusUpdate[] = batch.map((device, index) => ({
        id: device.id,
        columns: statusColumns(device, now),
        updatedAt: now,
        revision: firstRevision + index,
      }));
      const reconnecting = await devicesReconnecting(
        trx,
        updates.map((update) => ({ id: update.id, ...update.columns })),
      );
      await updateDeviceStatuses(trx, updates);
      await reviseAlarmsOfDevices(trx, reconnecting, firstRevision + batch.length);
    }),
  );
  if (changed.length > 0) await yieldToLoop();
}

/** The position samples (and their rollups) in a transaction of their own, for the same reason. */
export async function writeSamples(db: Kysely<Database>, samples: readonly NewPositionSample[]) {
  if (samples.length === 0) return;
  // Pruning the history is the retention job's (jobs/scheduledJobs.ts).
  await db.transaction().execute((trx) => insertPositionSamples(trx, samples));
  await yieldToLoop();
}

/**
 * History rows (connection and link changes, readings) per transaction: about a tick's worth of
 * a 100,000-device fleet's link changes in a few transactions of a few milliseconds each.
 */
const HISTORY_WRITE_BATCH = 1000;

/** The devices' history (store/deviceHistory.ts), in transactions of HISTORY_WRITE_BATCH rows with loop turns between. */
export async function writeHistory(db: Kysely<Database>, rows: HistoryRows) {
  const chunks = historyChunks(rows, HISTORY_WRITE_BATCH);
  await forEachSlice(chunks, 1, ([chunk]) =>
    chunk ? db.transaction().execute((trx) => insertHistory(trx, chunk)) : undefined,
  );
  if (chunks.length > 0) await yieldToLoop();
}

/** What a tick recorded besides statuses and samples: written together, or nothing of it. */
export interface TickRecords {
  readonly logs: readonly LogDraft[];
  readonly satcom: readonly SatcomDraft[];
  readonly usage: readonly ConnectedSeconds[];
  readonly recording: SimulatedRecording | null;
}

/** The tick's records in one transaction, each dated `now` in the fleet's environment. */
export async function writeRecords(db: Kysely<Database>, environmentId: number, now: number, records: TickRecords) {
  const { logs, satcom, usage, recording } = records;
  if (logs.length === 0 && !recording && satcom.length === 0 && usage.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const dated = { environment_id: environmentId, log_time: now };
    await insertInBatches(
      trx,
      'system_logs',
      logs.map((entry) => ({ ...entry, ...dated })),
      INSERT_BATCH,
    );
    await insertInBatches(
      trx,
      'satcom_messages',
      satcom.map((message) => ({ ...message, ...dated })),
      INSERT_BATCH,
    );
    await addConnectedSeconds(trx, usage);
    if (recording) {
      await trx
        .insertInto('rf_recordings')
        .values({
          environment_id: environmentId,
          device_id: recording.deviceId,
          report_uuid: recording.uuid,
          file_name: `${recording.uuid}.iq`,
          size_bytes: recording.size,
          start_time: recording.start,
          end_time: now,
          created_at: now,
        })
        .execute();
    }
  });
}

/**
 * The alarms the tick's threshold entries open, update and clear (store/alarms.ts), after the
 * entries themselves are written: an alarm never names a reading the system log lacks.
 */
export async function writeAlarms(db: Kysely<Database>, environmentId: number, logs: readonly LogDraft[], now: number) {
  const readings = alarmReadingsOf(logs);
  if (readings.length > 0) await applyAlarmReadings(db, environmentId, readings, now);
  return readings.length;
}
