import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt, memory-hard: N=2^15, r=8 uses 32 MiB per hash. Encoded as scrypt$N$r$p$salt$hash. */
const PRODUCT_PARAMETERS = { N: 2 ** 15, r: 8, p: 1 } as const;
/** For unit tests only: about 2 ms a hash instead of 90 (each hash names its own N, so both verify). */
const TEST_PARAMETERS = { N: 2 ** 10, r: 8, p: 1 } as const;
let PARAMETERS: { readonly N: number; readonly r: number; readonly p: number } = PRODUCT_PARAMETERS;

/**
 * Unit tests hash and verify thousands of passwords (a provider per test, its admin, its
 * logins): they use a cheap cost. Called by the test provider only; nothing in the product does.
 */
export function useTestPasswordCost(): void {
  PARAMETERS = TEST_PARAMETERS;
}
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  return ['scrypt', PARAMETERS.N, PARAMETERS.r, PARAMETERS.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, so checking an unknown user costs as much as a known one. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return decoyHash;
}
