import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import writeFileAtomic from 'write-file-atomic';
import type { SecretBox } from '../auth/secretBox.js';
import { makePrivateDirectory, PRIVATE_FILE_MODE } from '../store/privateDataDir.js';
import { nativeSigner, newRsaKeyPair, newSerial } from './keys.js';

const CA_VALIDITY_YEARS = 10;
const CLIENT_VALIDITY_DAYS = 825;

/**
 * A client certificate as parsed objects, never as text: the file is written from their DER,
 * so nothing an issuer answered around its PEM can reach it.
 */
export interface IssuedCertificate {
  /** Hex, lower case. */
  readonly serial: string;
  /** The CA certificates the client trusts (a chain may have more than one). */
  readonly caCertificates: readonly X509Certificate[];
  readonly certificate: X509Certificate;
  readonly privateKey: KeyObject;
}

/** Issues client certificates for one environment. */
export interface CertificateIssuer {
  issueClientCertificate(commonName: string): Promise<IssuedCertificate>;
}

interface CaMaterial {
  readonly certificate: forge.pki.Certificate;
  readonly privateKey: forge.pki.rsa.PrivateKey;
  readonly certificatePem: string;
}

/** Where in the data dir every environment's CA material lives. */
export const CA_DIRECTORY = 'ca';

const caDirectory = (dataDir: string, environmentId: number) =>
  join(dataDir, CA_DIRECTORY, `environment-${environmentId}`);

/**
 * Each environment's own certificate authority, created on first use: a self-signed RSA CA
 * whose certificate sits in the data dir and whose private key is kept there sealed.
 */
export class EnvironmentCertificateAuthority implements CertificateIssuer {
  private static readonly loading = new Map<string, Promise<CaMaterial>>();

  constructor(
    private readonly dataDir: string,
    private readonly secrets: SecretBox,
    private readonly environmentId: number,
    private readonly environmentName: string,
    private readonly now: () => number,
  ) {}

  /** The CA certificate (PEM), creating the CA when the environment has none yet. */
  async caCertificatePem(): Promise<string> {
    return (await this.material()).certificatePem;
  }

  async issueClientCertificate(commonName: string): Promise<IssuedCertificate> {
    const ca = await this.material();
    const keys = await newRsaKeyPair();
    const certificate = forge.pki.createCertificate();
    const serial = newSerial();
    certificate.serialNumber = serial;
    certificate.publicKey = keys.publicKey;
    certificate.validity.notBefore = new Date(this.now() - 60_000);
    certificate.validity.notAfter = new Date(this.now() + CLIENT_VALIDITY_DAYS * 24 * 3600 * 1000);
    certificate.setSubject([{ name: 'commonName', value: commonName }]);
    certificate.setIssuer(ca.certificate.subject.attributes);
    certificate.setExtensions([
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', clientAuth: true },
      { name: 'subjectKeyIdentifier' },
      { name: 'authorityKeyIdentifier', keyIdentifier: ca.certificate.generateSubjectKeyIdentifier().getBytes() },
    ]);
    certificate.sign(ca.privateKey, forge.md.sha256.create());
    return {
      serial,
      caCertificates: [new X509Certificate(ca.certificatePem)],
      certificate: new X509Certificate(forge.pki.certificateToPem(certificate)),
      privateKey: createPrivateKey(keys.privateKeyPem),
    };
  }

  private material(): Promise<CaMaterial> {
    const key = `${this.dataDir}\u0000${this.environmentId}`;
    let pending = EnvironmentCertificateAuthority.loading.get(key);
    if (!pending) {
      pending = this.loadOrCreate().catch((error: unknown) => {
        EnvironmentCertificateAuthority.loading.delete(key);
        throw error;
      });
      EnvironmentCertificateAuthority.loading.set(key, pending);
    }
    return pending;
  }

  private async loadOrCreate(): Promise<CaMaterial> {
    const directory = caDirectory(this.dataDir, this.environmentId);
    const certificateFile = join(directory, 'ca.crt');
    const keyFile = join(directory, 'ca.key.sealed');
    if (existsSync(certificateFile) && existsSync(keyFile)) {
      const certificatePem = readFileSync(certificateFile, 'utf8');
      return {
        certificatePem,
        certificate: forge.pki.certificateFromPem(certificatePem),
        privateKey: nativeSigner(this.secrets.open(readFileSync(keyFile, 'utf8'))),
      };
    }
    const keys = await newRsaKeyPair();
    const certificate = forge.pki.createCertificate();
    certificate.serialNumber = newSerial();
    certificate.publicKey = keys.publicKey;
    certificate.validity.notBefore = new Date(this.now() - 60_000);
    certificate.validity.notAfter = new Date(this.now() + CA_VALIDITY_YEARS * 365 * 24 * 3600 * 1000);
    const subject = [
      { name: 'commonName', value: `Halo Console CA ${this.environmentName}`.slice(0, 64) },
      { name: 'organizationName', value: 'Halo Console' },
      { name: 'organizationalUnitName', value: `environment ${this.environmentId}` },
    ];
    certificate.setSubject(subject);
    certificate.setIssuer(subject);
    certificate.setExtensions([
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ]);
    certificate.sign(keys.privateKey, forge.md.sha256.create());
    const certificatePem = forge.pki.certificateToPem(certificate);
    makePrivateDirectory(directory);
    // The key first, the certificate last: the CA exists once both do. Each is written whole or
    // not at all (a temporary file, flushed to disk, renamed over the name): a crash never
    // leaves a torn one.
    writeFileAtomic.sync(keyFile, this.secrets.seal(keys.privateKeyPem), { mode: PRIVATE_FILE_MODE, fsync: true });
    writeFileAtomic.sync(certificateFile, certificatePem, { mode: PRIVATE_FILE_MODE, fsync: true });
    return { certificatePem, certificate, privateKey: keys.privateKey };
  }
}
