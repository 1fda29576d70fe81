import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from '@halo/shared/logging';

/**
 * The data dir holds password hashes, e-mail addresses, the audit trail, sealed keys and the
 * key that opens them: only the product's own account may read it. Every directory the
 * provider makes there is 0700 and every file 0600, given explicitly when it is created, so
 * they hold whatever the process umask (Node's defaults, 0777 and 0666 under the usual umask
 * 022, make 0755 and 0644). The provider's process also starts with umask 077 (main.ts), for
 * files a library might make without asking us.
 */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The bits that open the data dir to any account of the machine. Group bits are not warned
 * about: the provider never sets them, and where an operator shares the directory with one
 * group (Kubernetes' fsGroup does, at every start) that is a choice, not an accident.
 */
const OPEN_TO_OTHERS = 0o007;

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** Makes a directory (and any missing parent) 0700; an existing one is left as it is. */
export function makePrivateDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
}

/** Writes a new file 0600, in a 0700 directory made when missing. */
export async function writePrivateFile(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  await writeFile(path, data, { mode: PRIVATE_FILE_MODE });
}

/**
 * Creates an empty file 0600 when it does not exist yet, before a library opens it: SQLite
 * then keeps that mode, and gives its -wal and -shm files the database file's mode.
 */
export function createPrivateFile(path: string): void {
  makePrivateDirectory(dirname(path));
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
}

/** Sets 0700 on `path`'s directories and 0600 on its files (what a restore has just copied in). */
export function makeTreePrivate(path: string): void {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    chmodSync(path, PRIVATE_DIRECTORY_MODE);
    for (const name of readdirSync(path)) makeTreePrivate(join(path, name));
  } else chmodSync(path, PRIVATE_FILE_MODE);
}

/**
 * The data dir at start: created 0700 when missing; when it exists, a warning for it and for
 * each entry in it that any other account may read, write or enter, naming the path and its
 * mode. The provider does not change an operator's modes; the line says how to.
 */
export function openDataDir(dataDir: string, log: Pick<Logger, 'warn'>): void {
  if (!existsSync(dataDir)) {
    makePrivateDirectory(dataDir);
    return;
  }
  const entries = [dataDir, ...readdirSync(dataDir).map((name) => join(dataDir, name))];
  for (const path of entries) {
    const mode = statSync(path).mode;
    if ((mode & OPEN_TO_OTHERS) === 0) continue;
    log.warn(
      `data dir: ${path} has mode ${octal(mode)}, open to other accounts of this machine ` +
        `(it holds password hashes, e-mail addresses, the audit trail and keys); ` +
        `make it owner-only: chmod -R go-rwx ${dataDir}`,
    );
  }
}
