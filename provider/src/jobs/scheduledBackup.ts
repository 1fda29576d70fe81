import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  backUp,
  BackupError,
  backupDirectoryName,
  MANIFEST_FILE,
  type BackupManifest,
  type BackupPlace,
} from '../backup/backup.js';
import type { ScheduledBackupConfig } from '../config.js';
import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { makePrivateDirectory } from '../store/privateDataDir.js';

/** A backup directory this job made (or `npm run backup` with its default name): halo-<ISO time>. */
const BACKUP_NAME = /^halo-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export interface RotatedBackup {
  /** The new backup's directory. */
  readonly target: string;
  readonly manifest: BackupManifest;
  /** The complete backups deleted beyond `keep`, oldest first. */
  readonly removed: readonly string[];
  /** Backups without a manifest (a run that was killed): left alone, for the operator to look at. */
  readonly incomplete: readonly string[];
}

/**
 * One scheduled backup: the backup code of `npm run backup` into a new directory
 * `<directory>/halo-<time>`, then rotation. Only once the new backup is complete (its manifest
 * written last) are the oldest complete backups beyond `keep` deleted; a backup that fails has
 * its partial directory removed and deletes nothing else (the error is thrown on). A directory
 * without a manifest is never counted as a backup nor deleted.
 */
export async function backUpAndRotate(
  place: BackupPlace,
  options: Pick<ScheduledBackupConfig, 'directory' | 'keep'>,
  now: Date = new Date(),
): Promise<RotatedBackup> {
  makePrivateDirectory(options.directory);
  const target = join(options.directory, backupDirectoryName(now));
  // Another run's directory (the same millisecond): neither used nor removed.
  if (existsSync(target)) throw new BackupError(`${target} exists already.`);
  let manifest: BackupManifest;
  try {
    manifest = await backUp(place, target);
  } catch (error) {
    await rm(target, { recursive: true, force: true });
    throw error;
  }
  const names = readdirSync(options.directory)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  const complete = names.filter((name) => existsSync(join(options.directory, name, MANIFEST_FILE)));
  const incomplete = names.filter((name) => !complete.includes(name));
  const removed = complete.slice(0, Math.max(0, complete.length - options.keep));
  for (const name of removed) await rm(join(options.directory, name), { recursive: true, force: true });
  return { target, manifest, removed, incomplete };
}

/**
 * Why a backup failed, for the log: pg_dump's own words when it ran (its error's command line
 * holds DATABASE_URL, password included), never the URL.
 */
function failureOf(error: unknown, databaseUrl: string | undefined): string {
  const stderr = (error as { stderr?: unknown } | null)?.stderr;
  const text = typeof stderr === 'string' && stderr.trim() !== '' ? stderr.trim() : String(error);
  return databaseUrl ? text.replaceAll(databaseUrl, '<DATABASE_URL>') : text;
}

/** The scheduled-backup job (HALO_BACKUP_SCHEDULE): a backup of the store and data dir, the newest HALO_BACKUP_KEEP kept. */
export async function runScheduledBackup(context: ProviderContext): Promise<void> {
  const { config } = context;
  const started = Date.now();
  try {
    const done = await backUpAndRotate(
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      config.scheduledBackup,
    );
    const bytes = done.manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    log.info(
      { target: done.target, bytes, ms: Date.now() - started, removed: done.removed },
      `scheduled backup of the ${done.manifest.database} store done`,
    );
    if (done.incomplete.length > 0)
      log.warn(
        { directory: config.scheduledBackup.directory, incomplete: done.incomplete },
        'backup directories without a manifest (unfinished) are left alone',
      );
  } catch (error) {
    log.error(
      { reason: failureOf(error, config.databaseUrl), directory: config.scheduledBackup.directory },
      'scheduled backup failed; its partial directory removed, older backups kept',
    );
  }
}
