import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
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

/** A backup's directory name: `halo-<time>`, which sorts by time (the CLI's default and the scheduled backups'). */
export const backupDirectoryName = (at: Date) => `halo-${at.toISOString().replace(/[:.]/g, '-')}`;

export interface BackupPlace {
  /** The provider's data dir (HALO_DATA_DIR). */
  readonly dataDir: string;
  /** PostgreSQL's URL when the store is there (DATABASE_URL); unset: the embedded SQLite file. */
  readonly databaseUrl?: string | undefined;
}

const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The same, read in chunks with turns of the event loop between them (a backup while the product runs). */
async function sha256OfStreamed(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/*
 * SQLite's copy runs in a worker thread of its own (eval'd, so it needs no file beside the
 * compiled code): `VACUUM INTO` holds its thread for the whole copy (about 6 ms per MB on the
 * development machine, 400 ms for a 64 MB store), which on the provider's thread would stall
 * every request while a scheduled backup runs. Off it, with the files hashed in chunks, the
 * longest stall of the provider's loop during that backup was 20 ms.
 */
const VACUUM_WORKER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.source, { fileMustExist: true });
try {
  database.pragma('busy_timeout = 10000');
  database.prepare('VACUUM INTO ?').run(workerData.target);
} finally {
  database.close();
}
`;

function vacuumInto(source: string, target: string): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(VACUUM_WORKER, { eval: true, workerData: { driver, source, target } });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`The copy of the SQLite store stopped (exit code ${code}).`));
    });
  });
}

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
    await vacuumInto(source, join(target, SQLITE_COPY));
  }
  for (const entry of DATA_DIR_ENTRIES) {
    const from = join(place.dataDir, entry);
    if (existsSync(from)) await cp(from, join(target, 'files', entry), { recursive: true });
  }
  const files: { path: string; bytes: number; sha256: string }[] = [];
  for (const path of filesUnder(target))
    files.push({ path, bytes: statSync(join(target, path)).size, sha256: await sha256OfStreamed(join(target, path)) });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: place.databaseUrl ? 'postgres' : 'sqlite',
    files,
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
