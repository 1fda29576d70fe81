import type { OpenVpnProfile } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { parseOpenVpnConfig } from '../testing/parseOpenVpnConfig.js';
import type { IssuedCertificate } from './certificateAuthority.js';
import { openVpnClientConfig } from './openVpnClientConfig.js';
import { quoteArgument, UnsafeConfigValue } from './openVpnConfigSyntax.js';

const certificate: IssuedCertificate = {
  serial: '01',
  caCertificatePem: '-----BEGIN CERTIFICATE-----\nQ0E=\n-----END CERTIFICATE-----\n',
  certificatePem: '-----BEGIN CERTIFICATE-----\nQ0VSVA==\n-----END CERTIFICATE-----\n',
  privateKeyPem: '-----BEGIN PRIVATE KEY-----\nS0VZ\n-----END PRIVATE KEY-----\n',
};

function profileWith(change: {
  name?: string;
  serverAddress?: string;
  customFields?: { key_name: string; key_value: string }[];
}): OpenVpnProfile {
  return {
    id: 1,
    name: change.name ?? 'field-ops',
    is_enabled: true,
    is_private: false,
    general_config: { encryption_type: 3, compression_type: 3, layer_type: 2 },
    server_config: { server_address: change.serverAddress ?? 'vpn.example.com', port: 1194 },
    advanced_config: {
      auth: 'sha256',
      remote_cert_tls: true,
      auth_user_pass: { type: 'static', username: 'ops' },
      custom_fields: change.customFields ?? [{ key_name: 'verb', key_value: '4' }],
    },
  };
}

/** The directives this profile chose, in the order the writer emits them. */
const CHOSEN = [
  'client',
  'dev',
  'proto',
  'nobind',
  'persist-key',
  'persist-tun',
  'remote',
  'cipher',
  'data-ciphers',
  'compress',
  'auth',
  'remote-cert-tls',
  'auth-user-pass',
];

const hostileValues = [
  'a"b',
  'a\\b',
  'trailing\\',
  '"',
  "it's",
  '# not a comment',
  '; not a comment',
  'x "script-security 2"',
  '\\"; up /bin/sh',
  '</auth-user-pass-',
  '<ca>',
  'x'.repeat(5000),
];

describe('openVpnClientConfig read back by an OpenVPN parser', () => {
  it('answers exactly the directives the profile chose, with their values', () => {
    const parsed = parseOpenVpnConfig(
      openVpnClientConfig({
        profile: profileWith({}),
        certificate,
        tlsAuthKey: 'STATIC',
        credentials: { username: 'ops', password: 'pw' },
      }),
    );
    expect(parsed.directives.map((found) => found.name)).toEqual([
      ...CHOSEN,
      'verb',
      'verb',
      'ca',
      'cert',
      'key',
      'key-direction',
      'tls-auth',
      'auth-user-pass',
    ]);
    expect(parsed.directives.find((found) => found.name === 'remote')?.args).toEqual(['vpn.example.com', '1194']);
    expect(parsed.inline.get('auth-user-pass')).toEqual(['ops', 'pw']);
  });

  it.each(hostileValues)('keeps a hostile custom value %# as arguments of its own directive', (value) => {
    const parsed = parseOpenVpnConfig(
      openVpnClientConfig({
        profile: profileWith({ customFields: [{ key_name: 'ping', key_value: value }] }),
        certificate,
        tlsAuthKey: null,
        credentials: null,
      }),
    );
    expect(parsed.directives.map((found) => found.name)).toEqual([...CHOSEN, 'ping', 'verb', 'ca', 'cert', 'key']);
    expect(parsed.directives.find((found) => found.name === 'ping')?.args).toEqual(value.split(' ').filter(Boolean));
  });

  it.each(hostileValues)('keeps a hostile profile name %# inside its comment', (value) => {
    const parsed = parseOpenVpnConfig(
      openVpnClientConfig({ profile: profileWith({ name: value }), certificate, tlsAuthKey: null, credentials: null }),
    );
    expect(parsed.directives.map((found) => found.name)).toEqual([...CHOSEN, 'verb', 'verb', 'ca', 'cert', 'key']);
  });

  it.each(hostileValues)('keeps hostile static credentials %# inside their block', (value) => {
    const line = value.startsWith('</') ? `u${value}` : value;
    const credentials = { username: line, password: line };
    const parsed = parseOpenVpnConfig(
      openVpnClientConfig({ profile: profileWith({}), certificate, tlsAuthKey: null, credentials }),
    );
    expect(parsed.directives.map((found) => found.name)).toEqual([
      ...CHOSEN,
      'verb',
      'verb',
      'ca',
      'cert',
      'key',
      'auth-user-pass',
    ]);
    expect(parsed.inline.get('auth-user-pass')).toEqual([credentials.username, credentials.password]);
  });

  it.each(['\n', '\r', '\u0000', '\u000b', '\u001b', '\u007f', '\u0085', '\u2028'])(
    'refuses to write a value holding control character %j in any field',
    (character) => {
      const cases = [
        profileWith({ name: `a${character}script-security 2` }),
        profileWith({ serverAddress: `vpn${character}up /bin/sh` }),
        profileWith({ customFields: [{ key_name: 'ping', key_value: `1${character}script-security 2` }] }),
        profileWith({ customFields: [{ key_name: `ping${character}up`, key_value: '1' }] }),
      ];
      for (const profile of cases) {
        expect(() => openVpnClientConfig({ profile, certificate, tlsAuthKey: null, credentials: null })).toThrow(
          UnsafeConfigValue,
        );
      }
      for (const credentials of [
        { username: `ops${character}script-security 2`, password: 'pw' },
        { username: 'ops', password: `pw${character}up /bin/sh` },
      ]) {
        expect(() =>
          openVpnClientConfig({ profile: profileWith({}), certificate, tlsAuthKey: null, credentials }),
        ).toThrow(UnsafeConfigValue);
      }
    },
  );

  it('refuses a credential line that would close its block early', () => {
    const credentials = { username: '</auth-user-pass>', password: 'script-security 2' };
    expect(() => openVpnClientConfig({ profile: profileWith({}), certificate, tlsAuthKey: null, credentials })).toThrow(
      UnsafeConfigValue,
    );
  });

  it('refuses a directive name that is not one', () => {
    const profile = profileWith({ customFields: [{ key_name: 'ping 1\nup', key_value: '' }] });
    expect(() => openVpnClientConfig({ profile, certificate, tlsAuthKey: null, credentials: null })).toThrow(
      UnsafeConfigValue,
    );
    const spaced = profileWith({ customFields: [{ key_name: 'ping up', key_value: '' }] });
    expect(() => openVpnClientConfig({ profile: spaced, certificate, tlsAuthKey: null, credentials: null })).toThrow(
      UnsafeConfigValue,
    );
  });
});

describe('quoteArgument', () => {
  it('writes plain values bare and quotes the rest so they read back whole', () => {
    expect(quoteArgument('AES-256-GCM', 'cipher')).toBe('AES-256-GCM');
    expect(quoteArgument('a b', 'x')).toBe('"a b"');
    expect(quoteArgument('a"b\\c', 'x')).toBe('"a\\"b\\\\c"');
    expect(quoteArgument('', 'x')).toBe('""');
  });
});
