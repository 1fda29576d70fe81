import forge from 'node-forge';
import type { CertificateIssuer, IssuedCertificate } from './certificateAuthority.js';
import { newRsaKeyPair } from './keys.js';

const TIMEOUT_MS = 5000;

export class CertificateServiceUnavailable extends Error {
  constructor(cause: unknown) {
    super(`Custom certificate service failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CertificateServiceUnavailable';
  }
}

/**
 * An environment's custom CA service at ca_server_address. Protocol (documented in
 * deploy/configuration.md): GET /ca answers the CA certificate in PEM; POST /sign with
 * {csr} (PEM) answers {certificate} (PEM) and the serial inside it is the issued serial.
 */
export class CustomCertificateAuthority implements CertificateIssuer {
  private readonly base: string;

  constructor(address: string) {
    this.base = /^https?:\/\//.test(address) ? address.replace(/\/+$/, '') : `http://${address}`;
  }

  async issueClientCertificate(commonName: string): Promise<IssuedCertificate> {
    try {
      const keys = await newRsaKeyPair();
      const request = forge.pki.createCertificationRequest();
      request.publicKey = keys.publicKey;
      request.setSubject([{ name: 'commonName', value: commonName }]);
      request.sign(keys.privateKey, forge.md.sha256.create());
      const caResponse = await fetch(`${this.base}/ca`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!caResponse.ok) throw new Error(`GET /ca answered ${caResponse.status}`);
      const caCertificatePem = await caResponse.text();
      const signed = await fetch(`${this.base}/sign`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ csr: forge.pki.certificationRequestToPem(request) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!signed.ok) throw new Error(`POST /sign answered ${signed.status}`);
      const { certificate } = (await signed.json()) as { certificate?: unknown };
      if (typeof certificate !== 'string') throw new Error('POST /sign answered no certificate');
      const parsed = forge.pki.certificateFromPem(certificate);
      forge.pki.certificateFromPem(caCertificatePem);
      return { serial: parsed.serialNumber, caCertificatePem, certificatePem: certificate, privateKeyPem: keys.privateKeyPem };
    } catch (error) {
      throw new CertificateServiceUnavailable(error);
    }
  }
}
