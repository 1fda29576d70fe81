import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** RF recordings live as files under HALO_DATA_DIR/rf-recordings, named by their report uuid. */
export function rfRecordingsDir(dataDir: string): string {
  return join(dataDir, 'rf-recordings');
}

/** The path of a stored recording; only a bare file name is ever joined, never a path from the database. */
export function rfRecordingPath(dataDir: string, fileName: string): string {
  return join(rfRecordingsDir(dataDir), basename(fileName));
}

export async function writeRfRecordingFile(dataDir: string, fileName: string, data: Uint8Array): Promise<void> {
  await mkdir(rfRecordingsDir(dataDir), { recursive: true });
  await writeFile(rfRecordingPath(dataDir, fileName), data);
}

/** Best effort: a file already gone is not an error. */
export async function removeRfRecordingFiles(dataDir: string, fileNames: readonly string[]): Promise<void> {
  await Promise.all(fileNames.map((fileName) => rm(rfRecordingPath(dataDir, fileName), { force: true })));
}
