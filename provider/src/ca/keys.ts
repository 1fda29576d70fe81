import { constants, createPrivateKey, generateKeyPair, privateEncrypt, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

const generateRsa = promisify(generateKeyPair);

export interface KeyPair {
  readonly privateKeyPem: string;
  readonly publicKey: forge.pki.rsa.PublicKey;
  /** The private key as forge signs with it, its RSA operation native (nativeSigner). */
  readonly privateKey: forge.pki.rsa.PrivateKey;
}

/** DER of a SHA-256 DigestInfo up to the digest (RFC 8017 section 9.2, note 1). */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * A private key forge can sign certificates and requests with (forge calls `sign(md)` with the
 * digest of what it signs), whose RSA operation is Node's native crypto: forge's own, in
 * JavaScript big integers, held the event loop 100-200 ms a signature. PKCS #1 v1.5 over
 * SHA-256, as forge would sign.
 */
export function nativeSigner(privateKeyPem: string): forge.pki.rsa.PrivateKey {
  const key = createPrivateKey(privateKeyPem);
  const signer = {
    sign(md: forge.md.MessageDigest): string {
      if (md.algorithm !== 'sha256') throw new Error(`signing with ${md.algorithm} is not supported, only sha256`);
      const digestInfo = Buffer.concat([SHA256_DIGEST_INFO_PREFIX, Buffer.from(md.digest().getBytes(), 'binary')]);
      return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
    },
  };
  return signer as unknown as forge.pki.rsa.PrivateKey;
}

/** RSA keys come from Node's native crypto (fast, off the event loop); forge only builds the certificates. */
export async function newRsaKeyPair(bits = 2048): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateRsa('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return {
    privateKeyPem: privateKey,
    privateKey: nativeSigner(privateKey),
    publicKey: forge.pki.publicKeyFromPem(publicKey),
  };
}

/** A positive 128-bit serial, hex, as RFC 5280 asks (at most 20 octets, not negative). */
export function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

const STATIC_KEY_BYTES = 256;
const STATIC_KEY_BEGIN = '-----BEGIN OpenVPN Static key V1-----';
const STATIC_KEY_END = '-----END OpenVPN Static key V1-----';

/** An OpenVPN static key in OpenVPN's own text format, as lines written from its bytes. */
export function openVpnStaticKeyLines(key: Uint8Array): string[] {
  const hex = Buffer.from(key).toString('hex');
  return [STATIC_KEY_BEGIN, ...(hex.match(/.{32}/g) ?? []), STATIC_KEY_END];
}

/** An OpenVPN static key (2048 bits) for tls-auth, in OpenVPN's own text format. */
export function newOpenVpnStaticKey(): string {
  return openVpnStaticKeyLines(randomBytes(STATIC_KEY_BYTES)).join('\n');
}

/** The bytes of a static key in OpenVPN's text format: its hex lines between the markers, nothing else. */
export function parseOpenVpnStaticKey(text: string): Uint8Array {
  const lines = text.trim().split(/\r?\n/);
  const hex = lines.slice(1, -1).join('');
  if (lines[0] !== STATIC_KEY_BEGIN || lines.at(-1) !== STATIC_KEY_END || !/^[0-9a-f]+$/.test(hex)) {
    throw new Error('not an OpenVPN static key');
  }
  const key = Buffer.from(hex, 'hex');
  if (key.length !== STATIC_KEY_BYTES) throw new Error('not an OpenVPN static key of 2048 bits');
  return key;
}
