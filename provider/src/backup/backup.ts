import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { SECRET_KEY_FILE } from '../auth/secretBox.js';
import { CA_DIRECTORY } from '../ca/certificateAuthority.js';
import { OUTBOX_DIRECTORY } from '../mail/mailer.js';
import { SQLITE_FILE } from '../store/database.js';
import { makePrivateDirectory, makeTreePrivate } from '../store/privateDataDir.js';
import { RF_RECORDINGS_DIRECTORY } from '../store/rfRecordingFiles.js';

const run = promisify(execFile);

/** What a backup holds and how to check it: written last, so a backup without one is incomplete. */
export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly createdAt: string;
  readonly database: 'sqlite' | 'postgres';
  /** Every file of the backup but the manifest, with its size and SHA-256. */
  readonly files: readonly { readonly path: string; readonly bytes: number; readonly sha256: string }[];
}

export const BACKUP_FORMAT = 'halo-backup-1';
export const MANIFEST_FILE = 'manifest.json';
const SQLITE_COPY = 'database.sqlite';
const POSTGRES_COPY = 'database.pgdump';
/**
 * What of the data dir besides the database a restore needs: the key that seals stored secrets
 * (the CA keys, SMTP and satcom credentials are unreadable without it), each environment's CA,
 * the RF recordings, and the mail outbox.
 */
export const DATA_DIR_ENTRIES = [SECRET_KEY_FILE, CA_DIRECTORY, RF_RECORDINGS_DIRECTORY, OUTBOX_DIRECTORY] as const;

export class BackupError extends Error {}

export interface BackupPlace {
  /** The provider's data dir (HALO_DATA_DIR). */
  readonly dataDir: string;
  /** PostgreSQL's URL when the store is there (DATABASE_URL); unset: the embedded SQLite file. */
  readonly databaseUrl?: string | undefined;
}

const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function filesUnder(root: string, directory = root): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(root, path) : [relative(root, path).split(sep).join('/')];
  });
}

/**
 * Backs the store up into `target` (a new directory) while the product runs: SQLite through
 * `VACUUM INTO` (one read transaction, so a consistent copy however the simulator writes),
 * PostgreSQL through `pg_dump` (one snapshot), then the data dir's files, then the manifest.
 */
export async function backUp(place: BackupPlace, target: string): Promise<BackupManifest> {
  if (existsSync(target) && readdirSync(target).length > 0) throw new BackupError(`${target} is not empty.`);
  // The backup holds password hashes, sealed secrets and the key that opens them: owner only.
  makePrivateDirectory(target);
  if (place.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${join(target, POSTGRES_COPY)}`, place.databaseUrl]);
  } else {
    const source = join(place.dataDir, SQLITE_FILE);
    if (!existsSync(source)) throw new BackupError(`No store at ${source}.`);
    const database = new BetterSqlite3(source, { fileMustExist: true });
    try {
      database.pragma('busy_timeout = 10000');
      database.prepare('VACUUM INTO ?').run(join(target, SQLITE_COPY));
    } finally {
      database.close();
    }
  }
  for (const entry of DATA_DIR_ENTRIES) {
    const from = join(place.dataDir, entry);
    if (existsSync(from)) cpSync(from, join(target, 'files', entry), { recursive: true });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: place.databaseUrl ? 'postgres' : 'sqlite',
    files: filesUnder(target).map((path) => ({
      path,
      bytes: statSync(join(target, path)).size,
      sha256: sha256Of(join(target, path)),
    })),
  };
  writeFileSync(join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  makeTreePrivate(target);
  return manifest;
}

/** The backup's manifest when every file it lists is there with its size and checksum. */
export function checkBackup(source: string): BackupManifest {
  const file = join(source, MANIFEST_FILE);
  if (!existsSync(file))
    throw new BackupError(`${source} holds no ${MANIFEST_FILE}: not a backup, or an unfinished one.`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Unknown backup format ${String(manifest.format)}.`);
  for (const entry of manifest.files) {
    const path = join(source, entry.path);
    if (!existsSync(path)) throw new BackupError(`The backup lacks ${entry.path}.`);
    if (statSync(path).size !== entry.bytes || sha256Of(path) !== entry.sha256)
      throw new BackupError(`${entry.path} is not what was backed up (size or checksum).`);
  }
  return manifest;
}

/**
 * Restores a checked backup over the data dir (and PostgreSQL's database), with the product
 * stopped. Nothing is deleted: what the data dir held is moved to `before-restore-<time>/`.
 */
export async function restore(place: BackupPlace, source: string): Promise<{ setAside: string }> {
  const manifest = checkBackup(source);
  const wanted = place.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== wanted)
    throw new BackupError(`This backup is of a ${manifest.database} store; the configured store is ${wanted}.`);
  makePrivateDirectory(place.dataDir);
  const setAside = join(place.dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  makePrivateDirectory(setAside);
  const moveAside = (name: string) => {
    if (existsSync(join(place.dataDir, name))) renameSync(join(place.dataDir, name), join(setAside, name));
  };
  if (place.databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${place.databaseUrl}`,
      join(source, POSTGRES_COPY),
    ]);
  } else {
    for (const suffix of ['', '-wal', '-shm']) moveAside(`${SQLITE_FILE}${suffix}`);
    cpSync(join(source, SQLITE_COPY), join(place.dataDir, SQLITE_FILE));
    makeTreePrivate(join(place.dataDir, SQLITE_FILE));
  }
  for (const entry of DATA_DIR_ENTRIES) {
    moveAside(entry);
    const from = join(source, 'files', entry);
    if (existsSync(from)) cpSync(from, join(place.dataDir, entry), { recursive: true });
    // A copy keeps the backup's modes; what lands in the data dir is owner-only like the rest.
    makeTreePrivate(join(place.dataDir, entry));
  }
  return { setAside };
}
