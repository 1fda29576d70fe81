import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dialect } from './database.js';
import { STAGE_ABANDONED_AFTER_MS } from './deviceImportStage.js';
import { makePrivateDirectory } from './privateDataDir.js';

/**
 * Device import files wait in the data dir while they are read and checked (a read worker reads
 * them from there, importDevices.ts): an upload is streamed to the disk, never held whole in the
 * provider's memory. Each import removes its own; one a crash cut off is swept at the next start,
 * by the rule of the import stages (deviceImportStage.ts): on PostgreSQL, where other providers
 * may be importing beside this one, only files older than any import can run.
 */
export const IMPORT_UPLOADS_DIRECTORY = 'import-uploads';

/** The directory, made (0700) when missing. */
export function importUploadsDir(dataDir: string): string {
  const directory = join(dataDir, IMPORT_UPLOADS_DIRECTORY);
  makePrivateDirectory(directory);
  return directory;
}

/** Removes the import files a stop cut off; answers how many went. */
export async function sweepImportUploads(dataDir: string, dialect: Dialect, now: number): Promise<number> {
  const directory = importUploadsDir(dataDir);
  let swept = 0;
  for (const name of await readdir(directory)) {
    const path = join(directory, name);
    if (dialect === 'postgres' && (await stat(path)).mtimeMs >= now - STAGE_ABANDONED_AFTER_MS) continue;
    await rm(path, { force: true, recursive: true });
    swept += 1;
  }
  return swept;
}
