import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { duplicateCustomKeys, isCustomKeyAllowed } from './openVpnCustomDirectives.js';
import { emptyCustomFieldRows, OpenVpnProfileInputSchema, OpenVpnProfileListResponseSchema } from './openVpnProfile.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

const profile = {
  name: 'field-ops',
  general_config: {},
  server_config: {
    server_address: 'vpn.example.com',
    port: 1194,
    managed_server_address_info: { ip_address: '10.8.0.1', subnet_mask: '255.255.255.0' },
  },
  advanced_config: {
    fragment: 1300,
    mssfix: 1200,
    auth: 'sha256',
    key_direction: 1,
    remote_cert_tls: true,
    tls_auth: true,
    auth_user_pass: { type: 'static', username: 'ops', password: 'secret' },
    custom_fields: [{ key_name: 'verb', key_value: '3' }],
  },
};

describe('OpenVpnProfileInputSchema', () => {
  it('accepts a full profile and fills the section 9 defaults', () => {
    const parsed = OpenVpnProfileInputSchema.parse(profile);
    expect(parsed.general_config).toEqual({ encryption_type: 3, compression_type: 3, layer_type: 2 });
    expect(parsed).toMatchObject({ is_enabled: true, is_private: false, auto_activate: false });
  });

  it('sends empty optional sections as null', () => {
    const parsed = OpenVpnProfileInputSchema.parse({
      name: 'bare',
      server_config: { server_address: 'vpn.example.com', port: 1194 },
    });
    expect(parsed.general_config).toBeNull();
    expect(parsed.advanced_config).toBeNull();
  });

  it('refuses a profile without a server section: its file would have no remote line', () => {
    const result = OpenVpnProfileInputSchema.safeParse({ name: 'bare' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['server_config']);
    expect(OpenVpnProfileInputSchema.safeParse({ name: 'bare', server_config: null }).success).toBe(false);
  });

  it.each([
    [
      'a newline in a custom value',
      { custom_fields: [{ key_name: 'verb', key_value: '3\nscript-security 2' }] },
      'advanced_config.custom_fields.0.key_value',
    ],
    [
      'a carriage return in a custom value',
      { custom_fields: [{ key_name: 'verb', key_value: '3\rup x' }] },
      'advanced_config.custom_fields.0.key_value',
    ],
    [
      'a NUL in a custom value',
      { custom_fields: [{ key_name: 'verb', key_value: '3\u0000' }] },
      'advanced_config.custom_fields.0.key_value',
    ],
    [
      'a line separator in a custom value',
      { custom_fields: [{ key_name: 'verb', key_value: '3\u2028up x' }] },
      'advanced_config.custom_fields.0.key_value',
    ],
    [
      'a newline in a custom key',
      { custom_fields: [{ key_name: 'verb\nup', key_value: '3' }] },
      'advanced_config.custom_fields.0.key_name',
    ],
    [
      'a newline in the static username',
      { auth_user_pass: { type: 'static', username: 'ops\nscript-security 2', password: 'secret' } },
      'advanced_config.auth_user_pass.username',
    ],
    [
      'a tab in the static password',
      { auth_user_pass: { type: 'static', username: 'ops', password: 'a\tb' } },
      'advanced_config.auth_user_pass.password',
    ],
    [
      'a closing tag as the static username',
      { auth_user_pass: { type: 'static', username: '</auth-user-pass>', password: 'secret' } },
      'advanced_config.auth_user_pass.username',
    ],
    [
      'a closing tag after a blank as the static username',
      { auth_user_pass: { type: 'static', username: ' </auth-user-pass>', password: 'secret' } },
      'advanced_config.auth_user_pass.username',
    ],
    [
      'a closing tag after blanks as the static password',
      { auth_user_pass: { type: 'static', username: 'ops', password: '   </auth-user-pass>' } },
      'advanced_config.auth_user_pass.password',
    ],
  ])('refuses %s with invalid characters on its field', (_label, advanced, path) => {
    const result = OpenVpnProfileInputSchema.safeParse({ ...profile, advanced_config: advanced });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((found) => found.path.join('.') === path);
    expect(issue?.message).toBe('validation.invalidCharacters');
  });

  it('refuses static credentials that could not stay on one OpenVPN line (85 characters of 3 bytes are 255)', () => {
    const long = `${'一'.repeat(85)}</auth-user-pass>`;
    const result = OpenVpnProfileInputSchema.safeParse({
      ...profile,
      advanced_config: { auth_user_pass: { type: 'static', username: long, password: long } },
    });
    const problems = new Set(result.error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
    expect([...problems]).toEqual([
      'advanced_config.auth_user_pass.username validation.maxLength',
      'advanced_config.auth_user_pass.password validation.maxLength',
    ]);
  });

  it('drops blank custom rows and turns an all-blank list into null', () => {
    const withBlank = {
      ...profile,
      advanced_config: {
        custom_fields: [
          { key_name: '', key_value: '' },
          { key_name: 'verb', key_value: '4' },
        ],
      },
    };
    expect(OpenVpnProfileInputSchema.parse(withBlank).advanced_config?.custom_fields).toEqual([
      { key_name: 'verb', key_value: '4' },
    ]);
    const onlyBlank = { ...profile, advanced_config: { custom_fields: emptyCustomFieldRows() } };
    expect(OpenVpnProfileInputSchema.parse(onlyBlank).advanced_config?.custom_fields).toBeNull();
  });

  it('requires a key for a custom value', () => {
    const keyless = { ...profile, advanced_config: { custom_fields: [{ key_name: '', key_value: '3' }] } };
    expect(messages(OpenVpnProfileInputSchema.safeParse(keyless))).toEqual(['validation.required']);
  });

  it('requires static credentials and drops credentials of other types', () => {
    const noPassword = { ...profile, advanced_config: { auth_user_pass: { type: 'static', username: 'ops' } } };
    expect(messages(OpenVpnProfileInputSchema.safeParse(noPassword))).toEqual(['validation.required']);
    const dynamic = {
      ...profile,
      advanced_config: { auth_user_pass: { type: 'dynamic', username: 'ops', password: 'x' } },
    };
    expect(OpenVpnProfileInputSchema.parse(dynamic).advanced_config?.auth_user_pass).toEqual({
      type: 'dynamic',
      username: null,
      password: null,
    });
  });

  it.each([
    ['a non-contiguous mask', { managed_server_address_info: { ip_address: '10.8.0.1', subnet_mask: '255.0.255.0' } }],
    [
      'a bad managed address',
      { managed_server_address_info: { ip_address: '10.8.0.256', subnet_mask: '255.255.255.0' } },
    ],
    ['a bad server address', { server_address: 'vpn example' }],
  ])('refuses %s', (_, change) => {
    const result = OpenVpnProfileInputSchema.safeParse({
      ...profile,
      server_config: { ...profile.server_config, ...change },
    });
    expect(messages(result)).toEqual(['validation.invalid']);
  });

  it('refuses a server port outside 1-65535', () => {
    const result = OpenVpnProfileInputSchema.safeParse({
      ...profile,
      server_config: { ...profile.server_config, port: 70000 },
    });
    expect(messages(result)).toEqual(['validation.portRange']);
  });

  it.each([
    ['encryption type 2', { encryption_type: 2 }],
    ['compression type 0', { compression_type: 0 }],
    ['layer type 1', { layer_type: 1 }],
  ])('refuses %s', (_, general) => {
    expect(messages(OpenVpnProfileInputSchema.safeParse({ ...profile, general_config: general }))).toEqual([
      'validation.invalid',
    ]);
  });

  it('refuses an unknown digest and key direction', () => {
    expect(OpenVpnProfileInputSchema.safeParse({ ...profile, advanced_config: { auth: 'md5' } }).success).toBe(false);
    expect(OpenVpnProfileInputSchema.safeParse({ ...profile, advanced_config: { key_direction: 2 } }).success).toBe(
      false,
    );
  });

  it('refuses unknown fields at every level', () => {
    expect(OpenVpnProfileInputSchema.safeParse({ ...profile, id: 3 }).success).toBe(false);
    expect(OpenVpnProfileInputSchema.safeParse({ ...profile, general_config: { cipher: 'x' } }).success).toBe(false);
    expect(
      OpenVpnProfileInputSchema.safeParse({
        ...profile,
        advanced_config: { custom_fields: [{ key_name: 'a', key_value: 'b', c: 1 }] },
      }).success,
    ).toBe(false);
  });
});

describe('custom keys', () => {
  it('allows only the client directives on the allow-list', () => {
    for (const key of ['verb', 'mute', 'ping', 'ping-restart', 'keepalive', 'sndbuf', 'rcvbuf', 'auth-nocache']) {
      expect(isCustomKeyAllowed(key), key).toBe(true);
    }
    // Directives that write files on the user's machine, run code, read local files, or that a section owns.
    for (const key of [
      'genkey',
      'replay-persist',
      'dev-node',
      'http-proxy',
      'socks-proxy',
      'askpass',
      'writepid',
      'log',
      'status',
      'remote',
      'auth',
      'up',
      'script-security',
      'plugin',
      'management',
      'setenv',
      'tls-version-min',
      'Verb',
      ' verb',
      'bad key',
      '',
      '__proto__',
      'constructor',
      'toString',
    ]) {
      expect(isCustomKeyAllowed(key), key).toBe(false);
    }
  });

  it('names each duplicated key once', () => {
    const fields = ['verb', 'mute', 'verb', 'verb', 'mute', 'ping'].map((key_name) => ({ key_name }));
    expect(duplicateCustomKeys(fields)).toEqual(['verb', 'mute']);
    expect(duplicateCustomKeys([{ key_name: 'verb' }])).toEqual([]);
  });
});

describe('custom values', () => {
  const withCustom = (key_name: string, key_value: string) => ({
    ...profile,
    advanced_config: { custom_fields: [{ key_name, key_value }] },
  });

  it.each([
    ['ping', '10'],
    ['ping', '  10  '],
    ['verb', '0'],
    ['verb', '11'],
    ['keepalive', '10 60'],
    ['keepalive', '10   120'],
    ['connect-retry', '5'],
    ['connect-retry', '5 300'],
    ['resolv-retry', 'infinite'],
    ['resolv-retry', '30'],
    ['auth-retry', 'nointeract'],
    ['auth-nocache', ''],
    ['sndbuf', '393216'],
  ])('accepts %s %j: OpenVPN reads it as meant', (key, value) => {
    const parsed = OpenVpnProfileInputSchema.safeParse(withCustom(key, value));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('refuses keepalive beside ping, ping-restart or ping-exit, which OpenVPN refuses together', () => {
    for (const other of ['ping', 'ping-restart', 'ping-exit']) {
      const result = OpenVpnProfileInputSchema.safeParse({
        ...profile,
        advanced_config: {
          custom_fields: [
            { key_name: other, key_value: '10' },
            { key_name: 'keepalive', key_value: '10 60' },
          ],
        },
      });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['advanced_config.custom_fields.1.key_name', 'validation.customConflict'],
      ]);
    }
  });

  it.each([
    ['ping', '"10"'],
    ['ping', "'10'"],
    ['ping', '"10 20"'],
    ['ping', '10\\'],
    ['ping', '10 20'],
    ['ping', ''],
    ['ping', '-1'],
    ['ping', '+10'],
    ['ping', '1e3'],
    ['ping', '0x10'],
    ['ping', '010'],
    ['ping', '1\u00a00'],
    ['ping', '１０'],
    ['ping', '99999999999'],
    ['verb', '12'],
    ['keepalive', '10'],
    ['keepalive', '60 10'],
    ['keepalive', '10 60 5'],
    ['resolv-retry', 'forever'],
    ['auth-retry', 'interact'],
    ['auth-nocache', 'yes'],
    ['ping', '10 # comment'],
    ['ping', '10;up'],
  ])('refuses %s %j with a field problem on the value', (key, value) => {
    const result = OpenVpnProfileInputSchema.safeParse(withCustom(key, value));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['advanced_config.custom_fields.0.key_value', 'validation.customValue'],
    ]);
  });
});

describe('OpenVpnProfileListResponseSchema', () => {
  it('accepts null sections', () => {
    const row = {
      id: 1,
      name: 'p',
      is_enabled: true,
      is_private: false,
      general_config: null,
      server_config: null,
      advanced_config: null,
    };
    expect(OpenVpnProfileListResponseSchema.safeParse({ openvpn_profiles: [row] }).success).toBe(true);
    expect(
      OpenVpnProfileListResponseSchema.safeParse({ openvpn_profiles: [{ ...row, is_private: 'no' }] }).success,
    ).toBe(false);
  });
});
