import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { profileBody } from '../../testing/dataPath.js';
import { clientDevice, createDevice, serverDevice } from '../../testing/devices.js';
import { as, createUser } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('OpenVPN profiles on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  it('manages OpenVPN profiles with errors 80, 82 and 83 and empty sections as null', async () => {
    const created = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('office'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.openvpn_profile.advanced_config.custom_fields).toBeNull();
    expect((await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('Office'))).body.error).toBe(
      ErrorCode.VPN_PROFILE_NAME_EXISTS,
    );
    const duplicate = {
      advanced_config: {
        custom_fields: [
          { key_name: 'ping', key_value: '10' },
          { key_name: 'ping', key_value: '20' },
        ],
      },
    };
    expect((await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('p2', duplicate))).body.error).toBe(
      ErrorCode.DUPLICATE_CUSTOM_KEY,
    );
    const reserved = { advanced_config: { custom_fields: [{ key_name: 'remote', key_value: 'evil.example 1' }] } };
    expect((await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('p3', reserved))).body.error).toBe(
      ErrorCode.CUSTOM_KEY_NOT_ALLOWED,
    );
    const bare = await send(suite.admin, 'post', '/apps/openvpn/profiles', { name: 'bare' });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      error: ErrorCode.MISSING_VALUES,
      fields: { server_config: 'validation.required' },
    });
    const minimal = await send(suite.admin, 'post', '/apps/openvpn/profiles', {
      name: 'minimal',
      server_config: { server_address: 'vpn.example.test', port: 1194 },
    });
    expect(minimal.body.openvpn_profile).toMatchObject({ general_config: null, advanced_config: null });
    const secret = await send(suite.admin, 'post', '/apps/openvpn/profiles', {
      name: 'with-user',
      server_config: { server_address: 'vpn.example.test', port: 1194 },
      advanced_config: { auth_user_pass: { type: 'static', username: 'vpnuser', password: 'vpn-secret' } },
    });
    expect(JSON.stringify(secret.body)).not.toContain('vpn-secret');
    expect((await send(suite.admin, 'get', '/apps/openvpn/profiles')).body.openvpn_profiles).toHaveLength(3);
  });

  it('refuses with 83 every custom key off the allow-list, such as those that write files on the user’s machine', async () => {
    await createUser(suite.provider.api, suite.admin, 'profile-editor', [100, 101, 102]);
    const editor = await as(suite.provider.api, 'profile-editor', 'root');
    const created = await send(editor, 'post', '/apps/openvpn/profiles', profileBody('allowed-only'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const refusedKeys: [string, string][] = [
      ['genkey', 'secret /tmp/overwritten.key'],
      ['replay-persist', '/tmp/replay'],
      ['dev-node', '/dev/net/tun'],
      ['http-proxy', 'proxy.example 8080 /tmp/credentials'],
      ['askpass', '/etc/shadow'],
      ['script-security', '2'],
      ['status', '/tmp/status'],
    ];
    for (const [key_name, key_value] of refusedKeys) {
      const extra = {
        advanced_config: {
          custom_fields: [
            { key_name: 'ping', key_value: '10' },
            { key_name, key_value },
          ],
        },
      };
      const added = await send(editor, 'post', '/apps/openvpn/profiles', profileBody(`refused-${key_name}`, extra));
      expect({ key_name, status: added.status, error: added.body.error }).toEqual({
        key_name,
        status: 400,
        error: ErrorCode.CUSTOM_KEY_NOT_ALLOWED,
      });
      expect(added.body.fields).toMatchObject({ not_allowed_keys: [key_name], keys: key_name });
      expect(added.body.fields.allowed_keys).toEqual(expect.arrayContaining(['ping', 'verb', 'mute', 'sndbuf']));
      const updated = await send(
        editor,
        'put',
        `/apps/openvpn/profiles/${created.body.id}`,
        profileBody('allowed-only', extra),
      );
      expect(updated.body.error).toBe(ErrorCode.CUSTOM_KEY_NOT_ALLOWED);
    }
    const listed = (await send(editor, 'get', '/apps/openvpn/profiles')).body.openvpn_profiles;
    expect(listed.map((row: { name: string }) => row.name)).toEqual(['allowed-only']);
    expect(listed[0].advanced_config.custom_fields).toBeNull();
  });

  it('refuses a custom value OpenVPN would not read as meant, on its row, and keeps allowed ones as sent', async () => {
    const quoted = { advanced_config: { custom_fields: [{ key_name: 'ping', key_value: '"10 20"' }] } };
    const refused = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('quoted', quoted));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: ErrorCode.MISSING_VALUES,
      fields: { 'advanced_config.custom_fields.0.key_value': 'validation.customValue' },
    });
    const fine = {
      advanced_config: {
        custom_fields: [
          { key_name: 'keepalive', key_value: '10  60' },
          { key_name: 'verb', key_value: '4' },
          { key_name: 'auth-nocache', key_value: '' },
        ],
      },
    };
    const created = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('tuned', fine));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.openvpn_profile.advanced_config.custom_fields).toEqual(fine.advanced_config.custom_fields);
  });

  it('refuses control characters in every value written into the file, and writes nothing', async () => {
    const hostile = [
      {
        advanced_config: {
          custom_fields: [{ key_name: 'verb', key_value: '3\nscript-security 2\nup "/bin/sh -c id"' }],
        },
      },
      { advanced_config: { custom_fields: [{ key_name: 'verb', key_value: '3\r\nup x' }] } },
      { advanced_config: { auth_user_pass: { type: 'static', username: 'u\nscript-security 2', password: 'p' } } },
      { advanced_config: { auth_user_pass: { type: 'static', username: 'u', password: 'p\nup x' } } },
      { server_config: { server_address: 'vpn.example.test\nup x', port: 1194 } },
    ];
    for (const [index, extra] of hostile.entries()) {
      const refused = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody(`hostile-${index}`, extra));
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error).toBe(ErrorCode.MISSING_VALUES);
    }
    const created = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('clean'));
    for (const extra of hostile) {
      const refused = await send(
        suite.admin,
        'put',
        `/apps/openvpn/profiles/${created.body.id}`,
        profileBody('clean', extra),
      );
      expect(refused.status).toBe(400);
    }
    const listed = (await send(suite.admin, 'get', '/apps/openvpn/profiles')).body.openvpn_profiles;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain('script-security');
  });

  it('deleting a profile leaves its rules on No VPN/Custom', async () => {
    const host = await createDevice(suite.provider.api, suite.admin, clientDevice('host-p'));
    const hub = await createDevice(suite.provider.api, suite.admin, serverDevice('hub-p', 5000, 6000));
    const profile = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('shared-profile'));
    const rule = await send(suite.admin, 'post', '/application_rules', {
      name: 'via-vpn',
      profile_id: profile.body.id,
      hosts_list: [host],
      hubs_list: [{ priority: 'primary', device_id: hub }],
      host_endpoint_info: { port: 1 },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    expect(rule.body.application_rule.host_endpoint_info).toBeNull();
    await send(suite.admin, 'delete', `/apps/openvpn/profiles/${profile.body.id}`).expect(200);
    const [after] = (await send(suite.admin, 'get', '/application_rules')).body.application_rules;
    expect(after.profile_id).toBeNull();
    expect(after.is_enabled).toBe(false);
  });
});
