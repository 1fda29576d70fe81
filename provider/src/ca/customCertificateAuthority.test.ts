import { X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPurpose, type OpenVpnProfile } from '@halo/shared';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOpenVpnConfig } from '../testing/parseOpenVpnConfig.js';
import { CertificateServiceUnavailable, CustomCertificateAuthority } from './customCertificateAuthority.js';
import { newRsaKeyPair, newSerial } from './keys.js';
import { openVpnClientConfig } from './openVpnClientConfig.js';

/** A CA service on this machine, reached by its name under a test-only policy (configuration never allows loopback). */
const loopbackForTest = { purpose: OutboundPurpose.CA_SERVICE, allowedNetworks: ['127.0.0.1/32', '::1/128'] };

interface Answers {
  /** The text around the CA certificate (PEM) in GET /ca. */
  readonly ca: (pem: string) => string;
  /** The text around the signed certificate (PEM) in POST /sign's `certificate`. */
  readonly signed: (pem: string) => string;
}

const profile: OpenVpnProfile = {
  id: 1,
  name: 'remote-ca',
  is_enabled: true,
  is_private: false,
  general_config: null,
  server_config: { server_address: 'vpn.example.test', port: 1194 },
  advanced_config: { remote_cert_tls: true },
};

const CHOSEN = ['client', 'dev', 'proto', 'nobind', 'persist-key', 'persist-tun', 'remote', 'remote-cert-tls', 'verb'];
const CERTIFICATE_BLOCKS = ['ca', 'cert', 'key'];

/** The certificate exactly as a PEM encoder writes it from its DER: what the file may hold. */
const canonical = (pem: string) => new X509Certificate(pem).toString().trim().split('\n');

let caKey: forge.pki.rsa.PrivateKey;
let caCertificate: forge.pki.Certificate;
let caPem: string;
/** A second CA certificate, for a chain. */
let otherCaPem: string;
let answers: Answers = { ca: (pem) => pem, signed: (pem) => pem };
let lastSigned = '';
let server: Server;
let address = '';

beforeAll(async () => {
  const keys = await newRsaKeyPair();
  caKey = keys.privateKey;
  caCertificate = forge.pki.createCertificate();
  caCertificate.serialNumber = newSerial();
  caCertificate.publicKey = keys.publicKey;
  caCertificate.validity.notBefore = new Date(Date.now() - 60_000);
  caCertificate.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  caCertificate.setSubject([{ name: 'commonName', value: 'Remote CA' }]);
  caCertificate.setIssuer([{ name: 'commonName', value: 'Remote CA' }]);
  caCertificate.setExtensions([{ name: 'basicConstraints', cA: true }]);
  caCertificate.sign(caKey, forge.md.sha256.create());
  caPem = forge.pki.certificateToPem(caCertificate);
  caCertificate.serialNumber = newSerial();
  caCertificate.sign(caKey, forge.md.sha256.create());
  otherCaPem = forge.pki.certificateToPem(caCertificate);
  server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/ca') {
      response.end(answers.ca(caPem));
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const csr = forge.pki.certificationRequestFromPem((JSON.parse(body) as { csr: string }).csr);
      const signed = forge.pki.createCertificate();
      signed.serialNumber = newSerial();
      signed.publicKey = csr.publicKey as forge.pki.rsa.PublicKey;
      signed.validity.notBefore = new Date(Date.now() - 60_000);
      signed.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
      signed.setSubject(csr.subject.attributes);
      signed.setIssuer(caCertificate.subject.attributes);
      signed.sign(caKey, forge.md.sha256.create());
      lastSigned = forge.pki.certificateToPem(signed);
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ certificate: answers.signed(lastSigned) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  address = `localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The file a profile gets from this service's answers, or the refusal. */
async function fileFrom(given: Answers): Promise<string | CertificateServiceUnavailable> {
  answers = given;
  try {
    const certificate = await new CustomCertificateAuthority(address, loopbackForTest).issueClientCertificate(
      'laptop-1',
    );
    return openVpnClientConfig({ profile, certificate, tlsAuthKey: null, credentials: null });
  } catch (error) {
    if (error instanceof CertificateServiceUnavailable) return error;
    throw error;
  }
}

const planted = ['script-security 2', 'up "/bin/sh -c id"', 'genkey secret /tmp/planted.key', 'route-up /bin/sh'];

/** Text around the PEM that OpenVPN, trimming leading blanks, would read as the end of the block. */
const closings = (tag: string) => [
  ` </${tag}>`,
  `\t</${tag}>`,
  `\r\n  </${tag}>`,
  `\f</${tag}>`,
  `\u000b </${tag}>\r`,
  `</${tag}>`,
  `\u00a0</${tag}>`,
  `\u3000</${tag}>`,
];

describe('a custom CA service’s answers in the .ovpn file', { timeout: 30_000 }, () => {
  const hostile: [string, Answers][] = [];
  for (const closing of closings('ca')) {
    // The block is opened again at the end, so the writer's own closing tag closes it.
    const around = (pem: string) => `${pem}${closing}\n${planted.join('\n')}\n<ca>\n${pem}`;
    hostile.push([`CA answer then ${JSON.stringify(closing)}`, { ca: around, signed: (pem) => pem }]);
    hostile.push([
      `CA answer after ${JSON.stringify(closing)}`,
      { ca: (pem) => `${closing}\n${planted.join('\r\n')}\r\n${pem}`, signed: (pem) => pem },
    ]);
  }
  for (const closing of closings('cert')) {
    hostile.push([
      `signed answer then ${JSON.stringify(closing)}`,
      {
        ca: (pem) => pem,
        signed: (pem) => `${pem.replace(/\r?\n/g, '\r\n')}${closing}\n${planted.join('\n')}\n<cert>\n${pem}`,
      },
    ]);
  }
  hostile.push([
    'text before and between blocks, PEM with CRLF and blanks',
    {
      ca: (pem) => `subject=CN = Remote CA\n  up /bin/sh\n\n${pem.replace(/\n/g, '\r\n')}\n\n`,
      signed: (pem) => `  \t${pem}  # trailing words`,
    },
  ]);

  it.each(hostile)('writes only the re-encoded certificates, never the text around them: %s', async (_label, given) => {
    const file = await fileFrom(given);
    expect(file).not.toBeInstanceOf(CertificateServiceUnavailable);
    const { directives, inline } = parseOpenVpnConfig(String(file));
    expect(directives.map((found) => found.name).sort()).toEqual([...CHOSEN, ...CERTIFICATE_BLOCKS].sort());
    // Every certificate the CA answer held, and the one signed for this key, each as its encoder writes it.
    const caBlocks = given.ca(caPem).split('-----BEGIN CERTIFICATE-----').length - 1;
    expect(inline.get('ca')).toEqual(Array.from({ length: caBlocks }, () => canonical(caPem)).flat());
    expect(inline.get('cert')).toEqual(canonical(lastSigned));
    for (const word of ['script-security', 'genkey', 'route-up', 'subject=', 'trailing']) {
      expect(String(file)).not.toContain(word);
    }
  });

  it.each<[string, Answers]>([
    ['no certificate in the CA answer', { ca: () => 'up /bin/sh\n', signed: (pem) => pem }],
    [
      'a closing tag inside the CA’s base64',
      { ca: (pem) => pem.replace(/\n(?=-----END)/, '\n</ca>\nup /bin/sh\n'), signed: (pem) => pem },
    ],
    ['a certificate for another key', { ca: (pem) => pem, signed: () => caPem }],
    ['no certificate in the signed answer', { ca: (pem) => pem, signed: () => '</cert>\nup /bin/sh' }],
  ])('refuses %s: nothing is written', async (_label, given) => {
    expect(await fileFrom(given)).toBeInstanceOf(CertificateServiceUnavailable);
  });

  it('keeps a CA chain of several certificates, each re-encoded', async () => {
    const file = await fileFrom({ ca: (pem) => `${pem}\nintermediate follows\n${otherCaPem}`, signed: (pem) => pem });
    const { inline } = parseOpenVpnConfig(String(file));
    expect(inline.get('ca')).toEqual([...canonical(caPem), ...canonical(otherCaPem)]);
  });
});
