import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { nativeSigner, newRsaKeyPair, newSerial } from './keys.js';

describe('nativeSigner', () => {
  it('signs a certificate that Node and forge verify, as forge would have signed it', async () => {
    const keys = await newRsaKeyPair();
    const certificate = forge.pki.createCertificate();
    certificate.serialNumber = newSerial();
    certificate.publicKey = keys.publicKey;
    certificate.validity.notBefore = new Date(Date.UTC(2026, 0, 1));
    certificate.validity.notAfter = new Date(Date.UTC(2027, 0, 1));
    const subject = [{ name: 'commonName', value: 'native signer test' }];
    certificate.setSubject(subject);
    certificate.setIssuer(subject);
    certificate.sign(nativeSigner(keys.privateKeyPem), forge.md.sha256.create());
    const pem = forge.pki.certificateToPem(certificate);

    const node = new X509Certificate(pem);
    expect(node.verify(node.publicKey)).toBe(true);
    expect(forge.pki.certificateFromPem(pem).verify(forge.pki.certificateFromPem(pem))).toBe(true);
    // PKCS #1 v1.5 is deterministic: the same signature forge's own key makes.
    const byForge = forge.pki.certificateFromPem(pem);
    byForge.sign(forge.pki.privateKeyFromPem(keys.privateKeyPem), forge.md.sha256.create());
    expect(forge.util.bytesToHex(byForge.signature as string)).toBe(
      forge.util.bytesToHex(certificate.signature as string),
    );
  });

  it('refuses a digest other than SHA-256 rather than sign it wrong', async () => {
    const keys = await newRsaKeyPair();
    const md = forge.md.sha1.create();
    md.update('x');
    expect(() => nativeSigner(keys.privateKeyPem).sign(md)).toThrow(/sha1/);
  });
});
