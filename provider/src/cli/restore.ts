#!/usr/bin/env node
/**
 * `npm run restore -- <backup directory>`: with the product stopped, checks the backup against
 * its manifest and restores it over the store and the data dir; what was there is moved to
 * <data dir>/before-restore-<time>, never deleted.
 */
import { resolve } from 'node:path';
import { BackupError, restore } from '../backup/backup.js';
import { loadConfig } from '../config.js';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run restore -- <backup directory> (with the product stopped)');
  process.exit(2);
}
const config = loadConfig();
try {
  const { setAside } = await restore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, resolve(source));
  console.log(`Restored ${resolve(source)}. What the data dir held before is in ${setAside}.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exitCode = 1;
}
