import {
  CompressionType,
  customArguments,
  customRowProblems,
  duplicateCustomKeys,
  EncryptionType,
  LayerType,
  notAllowedCustomKeys,
  ValidationKey,
  type OpenVpnProfile,
} from '@halo/shared';
import type { IssuedCertificate } from './certificateAuthority.js';
import { openVpnStaticKeyLines, parseOpenVpnStaticKey } from './keys.js';
import { comment, directive, inlineBlock, inlineLine, UnsafeConfigValue } from './openVpnConfigSyntax.js';
import { certificatePemLines, privateKeyPemLines } from './pem.js';

export interface ClientConfigInput {
  readonly profile: OpenVpnProfile;
  /** The profile's static key (OpenVPN's text format), when it uses tls-auth. */
  readonly tlsAuthKey: string | null;
  /** Static auth_user_pass credentials, when the profile has them. */
  readonly credentials: { readonly username: string; readonly password: string } | null;
}

/** A stored profile whose custom keys are refused now (error 82 or 83): the file is not written. */
export class CustomKeysRefused extends UnsafeConfigValue {
  constructor(
    readonly reason: 'duplicate' | 'notAllowed',
    readonly keys: readonly string[],
  ) {
    super('advanced_config.custom_fields', ValidationKey.INVALID);
    this.name = 'CustomKeysRefused';
  }
}

const CIPHERS: Readonly<Record<number, string>> = {
  [EncryptionType.BLOWFISH]: 'BF-CBC',
  [EncryptionType.AES_256]: 'AES-256-GCM',
};

/** Directives every file has unless the profile's custom fields set them (never both: OpenVPN would take the last). */
const DEFAULT_DIRECTIVES: readonly (readonly [string, readonly string[]])[] = [['verb', ['3']]];

/**
 * The profile's custom fields as directive lines, checked again as they are written (a stored
 * profile may predate today's rules) by the rules the profile was saved under: keys on the
 * allow-list, each once, none OpenVPN refuses together, each with the arguments its key takes,
 * written as parsed (customArguments), never as typed.
 */
function customDirectives(profile: OpenVpnProfile): string[] {
  const fields = profile.advanced_config?.custom_fields ?? [];
  const duplicates = duplicateCustomKeys(fields);
  if (duplicates.length > 0) throw new CustomKeysRefused('duplicate', duplicates);
  const notAllowed = notAllowedCustomKeys(fields);
  if (notAllowed.length > 0) throw new CustomKeysRefused('notAllowed', notAllowed);
  const [problem] = customRowProblems(fields);
  if (problem) {
    throw new UnsafeConfigValue(`advanced_config.custom_fields.${problem.index}.${problem.field}`, problem.problem.key);
  }
  return fields.map((field, index) => {
    const path = `advanced_config.custom_fields.${index}.key_value`;
    const args = customArguments(field.key_name, field.key_value);
    if (!args) throw new UnsafeConfigValue(path, ValidationKey.CUSTOM_VALUE);
    return directive(field.key_name, args, path);
  });
}

/**
 * The OpenVPN client configuration of certificate type 1: the profile's directives, then
 * the CA certificate, the client certificate and key (and the tls-auth key) inline. Every
 * line is written by openVpnConfigSyntax, which throws UnsafeConfigValue rather than write a
 * line OpenVPN would read otherwise; certificates and keys are written from their bytes
 * (pem.ts), never from text received. The profile's part is written (and thrown on) when this
 * is called, so a caller can refuse before any certificate is issued; the answer completes
 * the file with a certificate.
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
    comment(`profile: ${profile.name}`, 'name'),
    directive('client'),
    directive('dev', [general?.layer_type === LayerType.LAYER_2 ? 'tap' : 'tun']),
    directive('proto', ['udp']),
    directive('nobind'),
    directive('persist-key'),
    directive('persist-tun'),
  ];
  if (server) lines.push(directive('remote', [server.server_address, server.port], 'server_config.server_address'));
  if (general) {
    const cipher = CIPHERS[general.encryption_type];
    if (cipher) lines.push(directive('cipher', [cipher]), directive('data-ciphers', [cipher]));
    if (general.compression_type === CompressionType.LZO) lines.push(directive('comp-lzo'));
    if (general.compression_type === CompressionType.LZ4) lines.push(directive('compress', ['lz4']));
  }
  if (advanced?.auth) lines.push(directive('auth', [advanced.auth.toUpperCase()]));
  if (advanced?.fragment) lines.push(directive('fragment', [advanced.fragment]));
  if (advanced?.mssfix) lines.push(directive('mssfix', [advanced.mssfix]));
  // On unless the profile turns it off: without it another client's certificate could pose as the server.
  if (advanced?.remote_cert_tls !== false) lines.push(directive('remote-cert-tls', ['server']));
  if (advanced?.auth_user_pass && advanced.auth_user_pass.type !== 'none') lines.push(directive('auth-user-pass'));
  const custom = customDirectives(profile);
  const customKeys = new Set(advanced?.custom_fields?.map((field) => field.key_name));
  for (const [name, args] of DEFAULT_DIRECTIVES) {
    if (!customKeys.has(name)) lines.push(directive(name, args));
  }
  lines.push(...custom);
  const tail: string[] = [];
  if (tlsAuthKey) {
    tail.push(directive('key-direction', [advanced?.key_direction ?? 1], 'advanced_config.key_direction'));
    tail.push(...inlineBlock('tls-auth', openVpnStaticKeyLines(parseOpenVpnStaticKey(tlsAuthKey))));
  }
  if (credentials) {
    tail.push(
      ...inlineBlock(
        'auth-user-pass',
        [
          inlineLine(credentials.username, 'advanced_config.auth_user_pass.username'),
          inlineLine(credentials.password, 'advanced_config.auth_user_pass.password'),
        ],
        'advanced_config.auth_user_pass',
      ),
    );
  }
  return (certificate) =>
    `${[
      ...lines,
      ...inlineBlock('ca', certificate.caCertificates.flatMap(certificatePemLines)),
      ...inlineBlock('cert', certificatePemLines(certificate.certificate)),
      ...inlineBlock('key', privateKeyPemLines(certificate.privateKey)),
      ...tail,
    ].join('\n')}\n`;
}

/** The whole file at once. */
export function openVpnClientConfig(input: ClientConfigInput & { readonly certificate: IssuedCertificate }): string {
  return prepareClientConfig(input)(input.certificate);
}
