#!/usr/bin/env node
/**
 * `npm run backup [-- <directory>]`: backs up the store (the embedded SQLite file, or PostgreSQL
 * with DATABASE_URL) and the data dir's keys, CA material, recordings and outbox into a new
 * directory (default: ./backups/halo-<time>), while the product runs.
 */
import { join, resolve } from 'node:path';
import { backUp, BackupError, backupDirectoryName } from '../backup/backup.js';
import { loadConfig } from '../config.js';

const config = loadConfig();
const target = resolve(process.argv[2] ?? join('backups', backupDirectoryName(new Date())));
try {
  const started = Date.now();
  const manifest = await backUp({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, target);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `Backed up the ${manifest.database} store and ${manifest.files.length - 1} data-dir files ` +
      `(${(bytes / 1024 / 1024).toFixed(1)} MB) to ${target} in ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exitCode = 1;
}
