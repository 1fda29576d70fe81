import { createPrivateKey } from 'node:crypto';
import forge from 'node-forge';
import { caServiceUrl, OutboundFailureReason, type OutboundFailure } from '@halo/shared';
import type { CertificateIssuer, IssuedCertificate } from './certificateAuthority.js';
import { callOutbound, OutboundCallFailed, type OutboundPolicy } from '../net/outboundCall.js';
import { newRsaKeyPair } from './keys.js';
import { certificatesFromPem } from './pem.js';

const TIMEOUT_MS = 5000;

/** The service answered a status other than 200. */
class ServiceRefused extends Error {
  readonly failure: OutboundFailure;

  constructor(call: string, status: number) {
    super(`${call} answered ${status}`);
    this.failure = { reason: OutboundFailureReason.REFUSED_STATUS, status };
  }
}

/** The service failed: `failure` is the generic reason a user may read, the message the detail for the log. */
export class CertificateServiceUnavailable extends Error {
  readonly failure: OutboundFailure;

  constructor(cause: unknown) {
    super(`Custom certificate service failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'CertificateServiceUnavailable';
    // A call that went through but answered something unusable (a status, no certificate, bad PEM).
    this.failure =
      cause instanceof OutboundCallFailed || cause instanceof ServiceRefused
        ? cause.failure
        : { reason: OutboundFailureReason.BAD_ANSWER };
  }
}

/**
 * An environment's custom CA service at ca_server_address. Protocol (documented in
 * provider/README.md): GET /ca answers the CA certificate (or a chain) in PEM; POST /sign with
 * {csr} (PEM) answers {certificate} (PEM) and the serial inside it is the issued serial. The
 * answers are parsed; the file gets the certificates re-encoded, never the answers' text.
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
        { method: 'GET', deadlineMs: TIMEOUT_MS },
        this.policy,
      );
      if (caResponse.status !== 200) throw new ServiceRefused('GET /ca', caResponse.status);
      // Only the certificates parsed from the answers go on; the text around them never does.
      const caCertificates = certificatesFromPem(caResponse.body);
      const signed = await callOutbound(
        this.endpoint('/sign'),
        { method: 'POST', json: { csr: forge.pki.certificationRequestToPem(request) }, deadlineMs: TIMEOUT_MS },
        this.policy,
      );
      if (signed.status !== 200) throw new ServiceRefused('POST /sign', signed.status);
      const { certificate } = JSON.parse(signed.body) as { certificate?: unknown };
      if (typeof certificate !== 'string') throw new Error('POST /sign answered no certificate');
      const privateKey = createPrivateKey(keys.privateKeyPem);
      // The certificate of the key this request sent; anything else would not work in the file.
      const issued = certificatesFromPem(certificate).find((candidate) => candidate.checkPrivateKey(privateKey));
      if (!issued) throw new Error('POST /sign answered no certificate for the requested key');
      return { serial: issued.serialNumber.toLowerCase(), caCertificates, certificate: issued, privateKey };
    } catch (error) {
      throw new CertificateServiceUnavailable(error);
    }
  }
}
