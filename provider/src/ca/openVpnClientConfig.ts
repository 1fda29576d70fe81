import { CompressionType, EncryptionType, LayerType, type OpenVpnProfile } from '@halo/shared';
import type { IssuedCertificate } from './certificateAuthority.js';
import { comment, directive, inlineBlock } from './openVpnConfigSyntax.js';

export interface ClientConfigInput {
  readonly profile: OpenVpnProfile;
  /** The profile's static key, when it uses tls-auth. */
  readonly tlsAuthKey: string | null;
  /** Static auth_user_pass credentials, when the profile has them. */
  readonly credentials: { readonly username: string; readonly password: string } | null;
}

const CIPHERS: Readonly<Record<number, string>> = {
  [EncryptionType.BLOWFISH]: 'BF-CBC',
  [EncryptionType.AES_256]: 'AES-256-GCM',
};

/** A custom field's value is its directive's arguments, separated by spaces (any other blank is refused). */
const customArguments = (value: string) => value.split(' ').filter((part) => part !== '');

/**
 * The OpenVPN client configuration of certificate type 1: the profile's directives, then
 * the CA certificate, the client certificate and key (and the tls-auth key) inline. Every
 * line is written by openVpnConfigSyntax, which throws UnsafeConfigValue rather than write a
 * value that could start a directive of its own. The profile's part is written (and thrown
 * on) when this is called, so a caller can refuse before any certificate is issued; the
 * answer completes the file with a certificate.
 */
export function prepareClientConfig({
  profile,
  tlsAuthKey,
  credentials,
}: ClientConfigInput): (certificate: IssuedCertificate) => string {
  const general = profile.general_config;
  const server = profile.server_config;
  const advanced = profile.advanced_config;
  const lines: string[] = [
    comment('Halo Console OpenVPN client configuration'),
    comment(`profile: ${profile.name}`),
    directive('client'),
    directive('dev', general?.layer_type === LayerType.LAYER_2 ? 'tap' : 'tun'),
    directive('proto', 'udp'),
    directive('nobind'),
    directive('persist-key'),
    directive('persist-tun'),
  ];
  if (server) lines.push(directive('remote', server.server_address, server.port));
  if (general) {
    const cipher = CIPHERS[general.encryption_type];
    if (cipher) lines.push(directive('cipher', cipher), directive('data-ciphers', cipher));
    if (general.compression_type === CompressionType.LZO) lines.push(directive('comp-lzo'));
    if (general.compression_type === CompressionType.LZ4) lines.push(directive('compress', 'lz4'));
  }
  if (advanced?.auth) lines.push(directive('auth', advanced.auth.toUpperCase()));
  if (advanced?.fragment) lines.push(directive('fragment', advanced.fragment));
  if (advanced?.mssfix) lines.push(directive('mssfix', advanced.mssfix));
  if (advanced?.remote_cert_tls) lines.push(directive('remote-cert-tls', 'server'));
  if (advanced?.auth_user_pass && advanced.auth_user_pass.type !== 'none') lines.push(directive('auth-user-pass'));
  for (const field of advanced?.custom_fields ?? []) {
    lines.push(directive(field.key_name, ...customArguments(field.key_value)));
  }
  lines.push(directive('verb', 3));
  const tail: string[] = [];
  if (tlsAuthKey) {
    tail.push(directive('key-direction', advanced?.key_direction ?? 1));
    tail.push(...inlineBlock('tls-auth', tlsAuthKey));
  }
  if (credentials) tail.push(...inlineBlock('auth-user-pass', [credentials.username, credentials.password]));
  return (certificate) =>
    `${[
      ...lines,
      ...inlineBlock('ca', certificate.caCertificatePem),
      ...inlineBlock('cert', certificate.certificatePem),
      ...inlineBlock('key', certificate.privateKeyPem),
      ...tail,
    ].join('\n')}\n`;
}

/** The whole file at once. */
export function openVpnClientConfig(input: ClientConfigInput & { readonly certificate: IssuedCertificate }): string {
  return prepareClientConfig(input)(input.certificate);
}
