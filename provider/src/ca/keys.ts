import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

const generateRsa = promisify(generateKeyPair);

export interface KeyPair {
  readonly privateKeyPem: string;
  readonly publicKey: forge.pki.rsa.PublicKey;
  readonly privateKey: forge.pki.rsa.PrivateKey;
}

/** RSA keys come from Node's native crypto (fast, off the event loop); forge only signs. */
export async function newRsaKeyPair(bits = 2048): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateRsa('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return {
    privateKeyPem: privateKey,
    privateKey: forge.pki.privateKeyFromPem(privateKey),
    publicKey: forge.pki.publicKeyFromPem(publicKey),
  };
}

/** A positive 128-bit serial, hex, as RFC 5280 asks (at most 20 octets, not negative). */
export function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

/** An OpenVPN static key (2048 bits) for tls-auth, in OpenVPN's own text format. */
export function newOpenVpnStaticKey(): string {
  const hex = randomBytes(256).toString('hex');
  const lines = hex.match(/.{32}/g) ?? [];
  return ['-----BEGIN OpenVPN Static key V1-----', ...lines, '-----END OpenVPN Static key V1-----'].join('\n');
}
