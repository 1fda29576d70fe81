import { devicesStateColumns } from '@halo/shared';
import { deviceStateEntry, liveStatesInTurns, type DeviceStateRow } from './deviceView.js';
import { jsonBytes } from '../../http/jsonAnswer.js';
import { textBatch, type TextBatch } from '../../store/keysetPages.js';

/** A devices_state answer's devices as fleet columns, already JSON, and the oldest change among them. */
export interface DevicesStateColumnsText {
  /** The `columns` field's JSON, as bytes (moved from a read worker, not copied: jsonAnswer.ts). */
  readonly columns: Uint8Array;
  /** The oldest `updated_at` among the rows (epoch ms), null when there are none. */
  readonly changedAt: number | null;
}

/**
 * The columns of devices_state?format=columns from the rows the query read. It runs where the
 * rows were read (a read worker, see readShapers.ts), so only one string crosses to the loop
 * that answers everyone: 100,000 rows cloned and shaped there held it for 1.2-1.8 s. Where no
 * worker reads (in-memory SQLite, a pool of size 0) it runs on that loop, in turns.
 */
export async function devicesStateColumnsText(rows: readonly DeviceStateRow[]): Promise<DevicesStateColumnsText> {
  let changedAt: number | null = null;
  for (const row of rows) if (changedAt === null || row.updated_at < changedAt) changedAt = row.updated_at;
  return { columns: jsonBytes(devicesStateColumns(await liveStatesInTurns(rows))), changedAt };
}

/**
 * A batch of a devices_state answer's devices as the spec has them (an entry per device), as
 * JSON items joined by commas: written where the rows were read, as the columns are, and sent
 * batch by batch (jsonArrayAnswer). 10,000 entries shaped and written on the request loop held
 * it for 40-50 ms at a time; the whole list as one 59 MB text, moved to the loop at once, held
 * it 79-166 ms on a busy machine.
 */
export const devicesStateEntriesBatch = (rows: readonly DeviceStateRow[]): TextBatch =>
  textBatch(rows, (row) => JSON.stringify(deviceStateEntry(row)), ',');
