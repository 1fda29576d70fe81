import { CompressionType, EncryptionType, LayerType, type OpenVpnProfile } from '@halo/shared';
import type { IssuedCertificate } from './certificateAuthority.js';

export interface ClientConfigInput {
  readonly profile: OpenVpnProfile;
  readonly certificate: IssuedCertificate;
  /** The profile's static key, when it uses tls-auth. */
  readonly tlsAuthKey: string | null;
  /** Static auth_user_pass credentials, when the profile has them. */
  readonly credentials: { readonly username: string; readonly password: string } | null;
}

const CIPHERS: Readonly<Record<number, string>> = {
  [EncryptionType.BLOWFISH]: 'BF-CBC',
  [EncryptionType.AES_256]: 'AES-256-GCM',
};

const inline = (tag: string, body: string) => [`<${tag}>`, body.trim(), `</${tag}>`];

/**
 * The OpenVPN client configuration of certificate type 1: the profile's directives, then
 * the CA certificate, the client certificate and key (and the tls-auth key) inline.
 */
export function openVpnClientConfig({ profile, certificate, tlsAuthKey, credentials }: ClientConfigInput): string {
  const general = profile.general_config;
  const server = profile.server_config;
  const advanced = profile.advanced_config;
  const lines: string[] = [
    `# Halo Console OpenVPN client configuration`,
    `# profile: ${profile.name}`,
    'client',
    `dev ${general?.layer_type === LayerType.LAYER_2 ? 'tap' : 'tun'}`,
    'proto udp',
    'nobind',
    'persist-key',
    'persist-tun',
  ];
  if (server) lines.push(`remote ${server.server_address} ${server.port}`);
  if (general) {
    const cipher = CIPHERS[general.encryption_type];
    if (cipher) lines.push(`cipher ${cipher}`, `data-ciphers ${cipher}`);
    if (general.compression_type === CompressionType.LZO) lines.push('comp-lzo');
    if (general.compression_type === CompressionType.LZ4) lines.push('compress lz4');
  }
  if (advanced?.auth) lines.push(`auth ${advanced.auth.toUpperCase()}`);
  if (advanced?.fragment) lines.push(`fragment ${advanced.fragment}`);
  if (advanced?.mssfix) lines.push(`mssfix ${advanced.mssfix}`);
  if (advanced?.remote_cert_tls) lines.push('remote-cert-tls server');
  if (advanced?.auth_user_pass && advanced.auth_user_pass.type !== 'none') lines.push('auth-user-pass');
  for (const field of advanced?.custom_fields ?? []) {
    lines.push(field.key_value ? `${field.key_name} ${field.key_value}` : field.key_name);
  }
  lines.push('verb 3');
  lines.push(...inline('ca', certificate.caCertificatePem));
  lines.push(...inline('cert', certificate.certificatePem));
  lines.push(...inline('key', certificate.privateKeyPem));
  if (tlsAuthKey) {
    lines.push(`key-direction ${advanced?.key_direction ?? 1}`);
    lines.push(...inline('tls-auth', tlsAuthKey));
  }
  if (credentials) lines.push(...inline('auth-user-pass', `${credentials.username}\n${credentials.password}`));
  return `${lines.join('\n')}\n`;
}
