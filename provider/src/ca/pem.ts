import { X509Certificate, type KeyObject } from 'node:crypto';

/**
 * PEM in and out. Out: a PEM block is written from DER bytes only, so a file never holds text
 * anyone handed us. In: certificates are taken from a text by their PEM blocks, decoded and
 * parsed; the text around and between the blocks is never kept.
 */

/** A PEM block's lines: the label, the DER in base64 at 64 characters a line, the end. */
export function pemLines(label: 'CERTIFICATE' | 'PRIVATE KEY', der: Uint8Array): string[] {
  const base64 = Buffer.from(der).toString('base64');
  return [`-----BEGIN ${label}-----`, ...(base64.match(/.{1,64}/g) ?? []), `-----END ${label}-----`];
}

/** A certificate's lines, re-encoded from what was parsed. */
export const certificatePemLines = (certificate: X509Certificate): string[] => pemLines('CERTIFICATE', certificate.raw);

/** A private key's lines (PKCS #8), re-encoded from the key. */
export const privateKeyPemLines = (key: KeyObject): string[] =>
  pemLines('PRIVATE KEY', key.export({ type: 'pkcs8', format: 'der' }));

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----([^-]*)-----END CERTIFICATE-----/g;
const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_CERTIFICATES = 10;

export class UnreadableCertificates extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableCertificates';
  }
}

/**
 * Every certificate in a text of PEM blocks, parsed (at least one, at most ten). A block whose
 * body is not base64 of one whole certificate is refused: nothing half-read is kept.
 */
export function certificatesFromPem(text: string): X509Certificate[] {
  const certificates: X509Certificate[] = [];
  for (const [, body = ''] of text.matchAll(CERTIFICATE_BLOCK)) {
    const base64 = body.replace(/[ \t\r\n]/g, '');
    if (!BASE64_BODY.test(base64)) throw new UnreadableCertificates('a certificate block is not base64');
    const der = Buffer.from(base64, 'base64');
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(der);
    } catch (error) {
      throw new UnreadableCertificates(`a certificate block does not parse: ${String(error)}`);
    }
    // The DER must be the certificate and nothing else.
    if (!certificate.raw.equals(der))
      throw new UnreadableCertificates('a certificate block holds more than a certificate');
    certificates.push(certificate);
    if (certificates.length > MAX_CERTIFICATES) throw new UnreadableCertificates('too many certificates');
  }
  if (certificates.length === 0) throw new UnreadableCertificates('no certificate');
  return certificates;
}
