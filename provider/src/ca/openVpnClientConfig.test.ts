import type { OpenVpnProfile } from '@halo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueTestCertificate } from '../testing/issuedCertificate.js';
import { parseOpenVpnConfig, type ParsedDirective } from '../testing/parseOpenVpnConfig.js';
import type { IssuedCertificate } from './certificateAuthority.js';
import { newOpenVpnStaticKey } from './keys.js';
import { openVpnClientConfig, type ClientConfigInput } from './openVpnClientConfig.js';
import { inlineBlock, quoteArgument, UnsafeConfigValue } from './openVpnConfigSyntax.js';

let certificate: IssuedCertificate;
beforeAll(async () => {
  certificate = await issueTestCertificate();
});

function profileWith(change: {
  name?: string;
  serverAddress?: string;
  remoteCertTls?: boolean | null;
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
      remote_cert_tls: change.remoteCertTls,
      auth_user_pass: { type: 'static', username: 'ops' },
      custom_fields: change.customFields ?? null,
    },
  };
}

const write = (input: Partial<ClientConfigInput> & { profile: OpenVpnProfile }) =>
  openVpnClientConfig({ tlsAuthKey: null, credentials: null, certificate, ...input });

const namesOf = (directives: readonly ParsedDirective[]) => directives.map((found) => found.name);
const argsOf = (directives: readonly ParsedDirective[], name: string) =>
  directives.filter((found) => found.name === name).map((found) => found.args);

describe('openVpnClientConfig read back as OpenVPN 2.6 reads it', () => {
  it('writes each directive once: the profile’s, remote-cert-tls server unless turned off, one verb', () => {
    const { directives, inline } = parseOpenVpnConfig(
      write({
        profile: profileWith({}),
        tlsAuthKey: newOpenVpnStaticKey(),
        credentials: { username: 'ops', password: 'pw' },
      }),
    );
    expect(namesOf(directives).sort()).toEqual(
      [
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
        'verb',
        'ca',
        'cert',
        'key',
        'key-direction',
        'tls-auth',
        'auth-user-pass',
      ].sort(),
    );
    expect(argsOf(directives, 'remote')).toEqual([['vpn.example.com', '1194']]);
    expect(argsOf(directives, 'remote-cert-tls')).toEqual([['server']]);
    expect(argsOf(directives, 'verb')).toEqual([['3']]);
    expect(inline.get('auth-user-pass')).toEqual(['ops', 'pw']);

    const turnedOff = parseOpenVpnConfig(write({ profile: profileWith({ remoteCertTls: false }) })).directives;
    expect(namesOf(turnedOff)).not.toContain('remote-cert-tls');
    const chosen = parseOpenVpnConfig(write({ profile: profileWith({ remoteCertTls: true }) })).directives;
    expect(argsOf(chosen, 'remote-cert-tls')).toEqual([['server']]);
  });

  it('lets a custom verb replace the default instead of repeating it', () => {
    const { directives } = parseOpenVpnConfig(
      write({ profile: profileWith({ customFields: [{ key_name: 'verb', key_value: '5' }] }) }),
    );
    expect(argsOf(directives, 'verb')).toEqual([['5']]);
  });

  it.each([
    ' </auth-user-pass>',
    '    </auth-user-pass>',
    ' </anything',
    `${'一'.repeat(85)}</auth-user-pass>`,
    `${'a'.repeat(255)}</auth-user-pass>`,
  ])('refuses a credential line OpenVPN would read as the end of its block: %j', (line) => {
    for (const credentials of [
      { username: line, password: 'script-security 2' },
      { username: 'ops', password: line },
    ]) {
      expect(() => write({ profile: profileWith({}), credentials })).toThrow(UnsafeConfigValue);
    }
  });

  it.each(['\u00a0</auth-user-pass>', '\u3000</auth-user-pass>', 'ops </auth-user-pass>', `${'一'.repeat(84)}x`])(
    'keeps a credential OpenVPN does not read as a closing tag inside its block: %j',
    (line) => {
      const credentials = { username: line, password: line };
      const { directives, inline } = parseOpenVpnConfig(write({ profile: profileWith({}), credentials }));
      expect(namesOf(directives).filter((name) => name === 'auth-user-pass')).toHaveLength(2);
      expect(inline.get('auth-user-pass')).toEqual([line, line]);
    },
  );

  it('refuses in every inline block a line whose text after blanks starts with </', () => {
    for (const body of ['PEM\n </ca>\nscript-security 2', 'PEM\r\n\t</ca>', ['a', '  </x>'], [' </'], ['\f</ca>']]) {
      expect(() => inlineBlock('ca', body)).toThrow(UnsafeConfigValue);
    }
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
        expect(() => write({ profile })).toThrow(UnsafeConfigValue);
      }
      for (const credentials of [
        { username: `ops${character}script-security 2`, password: 'pw' },
        { username: 'ops', password: `pw${character}up /bin/sh` },
      ]) {
        expect(() => write({ profile: profileWith({}), credentials })).toThrow(UnsafeConfigValue);
      }
    },
  );

  it('refuses a line OpenVPN would refuse as longer than 255 bytes', () => {
    expect(() =>
      write({ profile: profileWith({ serverAddress: `${'a'.repeat(62)}.`.repeat(4) + 'example' }) }),
    ).toThrow(UnsafeConfigValue);
    expect(() => write({ profile: profileWith({ name: 'x'.repeat(300) }) })).toThrow(UnsafeConfigValue);
  });
});

describe('quoteArgument', () => {
  it('writes plain values bare and quotes the rest so they read back whole', () => {
    expect(quoteArgument('AES-256-GCM', 'cipher')).toBe('AES-256-GCM');
    for (const value of ['a b', 'a"b\\c', '', '#x', ';x', "it's", '<ca>', '--x', 'é']) {
      const line = `setenv x ${quoteArgument(value, 'x')}`;
      expect(parseOpenVpnConfig(`${line}\n`).directives[0]?.args, value).toEqual(['x', value]);
    }
  });
});
