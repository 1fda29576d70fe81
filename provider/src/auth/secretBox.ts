import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDirectory, PRIVATE_FILE_MODE } from '../store/privateDataDir.js';

/** AES-256-GCM for secrets that must be read back (TOTP seeds), keyed per installation. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** The key file's name in the data dir (when HALO_SECRET_KEY is not set). */
export const SECRET_KEY_FILE = 'secret.key';

/** HALO_SECRET_KEY when set (shared by replicas), else a key file created once in the data dir. */
export function loadSecretKey(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = join(dataDir, SECRET_KEY_FILE);
  if (!existsSync(file)) {
    makePrivateDirectory(dataDir);
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}
