import forge from 'node-forge';
import type { CertificateIssuer, IssuedCertificate } from './certificateAuthority.js';
import { callOutbound, type OutboundPolicy } from '../net/outboundCall.js';
import { newRsaKeyPair } from './keys.js';

/** The service's base URL: ca_server_address is `host[:port]`, called over HTTP unless it names a scheme. */
export function caServiceUrl(address: string): URL {
  return new URL(/^https?:\/\//.test(address) ? address.replace(/\/+$/, '') : `http://${address}`);
}

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
  private readonly base: URL;

  /** Calls go only where `policy` allows (caServiceNetwork: checked after DNS, no redirects). */
  constructor(
    address: string,
    private readonly policy: OutboundPolicy,
  ) {
    this.base = caServiceUrl(address);
  }

  private endpoint(path: string): URL {
    return new URL(`${this.base.pathname.replace(/\/+$/, '')}${path}`, this.base);
  }

  async issueClientCertificate(commonName: string): Promise<IssuedCertificate> {
    try {
      const keys = await newRsaKeyPair();
      const request = forge.pki.createCertificationRequest();
      request.publicKey = keys.publicKey;
      request.setSubject([{ name: 'commonName', value: commonName }]);
      request.sign(keys.privateKey, forge.md.sha256.create());
      const caResponse = await callOutbound(
        this.endpoint('/ca'),
        { method: 'GET', timeoutMs: TIMEOUT_MS },
        this.policy,
      );
      if (caResponse.status !== 200) throw new Error(`GET /ca answered ${caResponse.status}`);
      const caCertificatePem = caResponse.body;
      const signed = await callOutbound(
        this.endpoint('/sign'),
        { method: 'POST', json: { csr: forge.pki.certificationRequestToPem(request) }, timeoutMs: TIMEOUT_MS },
        this.policy,
      );
      if (signed.status !== 200) throw new Error(`POST /sign answered ${signed.status}`);
      const { certificate } = JSON.parse(signed.body) as { certificate?: unknown };
      if (typeof certificate !== 'string') throw new Error('POST /sign answered no certificate');
      const parsed = forge.pki.certificateFromPem(certificate);
      forge.pki.certificateFromPem(caCertificatePem);
      return {
        serial: parsed.serialNumber,
        caCertificatePem,
        certificatePem: certificate,
        privateKeyPem: keys.privateKeyPem,
      };
    } catch (error) {
      throw new CertificateServiceUnavailable(error);
    }
  }
}
