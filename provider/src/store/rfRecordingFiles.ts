import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import { writePrivateFile } from './privateDataDir.js';
import type { Database } from './schema.js';

/** RF recordings live as files under HALO_DATA_DIR/rf-recordings, named by their report uuid. */
export const RF_RECORDINGS_DIRECTORY = 'rf-recordings';

export function rfRecordingsDir(dataDir: string): string {
  return join(dataDir, RF_RECORDINGS_DIRECTORY);
}

/** The path of a stored recording; only a bare file name is ever joined, never a path from the database. */
export function rfRecordingPath(dataDir: string, fileName: string): string {
  return join(rfRecordingsDir(dataDir), basename(fileName));
}

export async function writeRfRecordingFile(dataDir: string, fileName: string, data: Uint8Array): Promise<void> {
  await writePrivateFile(rfRecordingPath(dataDir, fileName), data);
}

/** Best effort: a file already gone is not an error. */
export async function removeRfRecordingFiles(dataDir: string, fileNames: readonly string[]): Promise<void> {
  await Promise.all(fileNames.map((fileName) => rm(rfRecordingPath(dataDir, fileName), { force: true })));
}

export interface NewRfRecording {
  readonly environmentId: number;
  readonly deviceId: number;
  readonly reportUuid: string;
  readonly startTime: number;
  readonly endTime: number | null;
  readonly data: Uint8Array;
  readonly now: number;
}

/** Writes the file first, then the row, so a listed recording always had its file. */
export async function storeRfRecording(
  db: Kysely<Database>,
  dataDir: string,
  recording: NewRfRecording,
): Promise<void> {
  const fileName = `${recording.reportUuid}.iq`;
  await writeRfRecordingFile(dataDir, fileName, recording.data);
  await db
    .insertInto('rf_recordings')
    .values({
      environment_id: recording.environmentId,
      device_id: recording.deviceId,
      report_uuid: recording.reportUuid,
      file_name: fileName,
      size_bytes: recording.data.length,
      start_time: recording.startTime,
      end_time: recording.endTime,
      created_at: recording.now,
    })
    .execute();
}
