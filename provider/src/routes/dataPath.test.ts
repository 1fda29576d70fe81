import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { as, STRONG_PASSWORD, type Actor } from '../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../testing/testProvider.js';

/** The inline blocks and directive names of an .ovpn file. */
function parseOvpn(text: string) {
  const blocks: Record<string, string> = {};
  const directives: string[] = [];
  let open: string | null = null;
  let body: string[] = [];
  for (const line of text.split('\n')) {
    const start = /^<([a-z-]+)>$/.exec(line);
    const end = /^<\/([a-z-]+)>$/.exec(line);
    if (start && !open) {
      open = start[1] ?? null;
      body = [];
    } else if (end && open === end[1]) {
      blocks[open] = body.join('\n');
      open = null;
    } else if (open) body.push(line);
    else if (line.trim() && !line.startsWith('#')) directives.push(line.split(' ')[0] ?? '');
  }
  if (open) throw new Error(`unclosed <${open}>`);
  return { blocks, directives };
}

describe.each(DIALECTS)('data path on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
  });
  afterEach(async () => {
    await provider.stop();
  });

  const send = (actor: Actor, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const request = provider.api[method](`/api/v1/config/${actor.environmentId}${path}`).set('Authorization', actor.authorization);
    return body ? request.send(body) : request;
  };
  async function device(actor: Actor, name: string, server: { from: number; to: number } | null) {
    const response = await send(actor, 'post', '/devices', {
      device: {
        name,
        pairing_id: `SN-${name}-${actor.environmentId}`,
        type: 1,
        is_server: server !== null,
        ...(server ? { ip_addresses: ['10.1.0.1'], ports: server } : {}),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return Number(response.body.id);
  }
  const profileBody = (name: string, extra: object = {}) => ({
    name,
    general_config: { encryption_type: 3, compression_type: 3, layer_type: 3 },
    server_config: { server_address: 'vpn.example.test', port: 1194 },
    advanced_config: { auth: 'sha256', remote_cert_tls: true, tls_auth: true, key_direction: 1, custom_fields: [{ key_name: '', key_value: '' }] },
    ...extra,
  });

  it('manages OpenVPN profiles with errors 80, 82 and 83 and empty sections as null', async () => {
    const created = await send(admin, 'post', '/apps/openvpn/profiles', profileBody('office'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.openvpn_profile.advanced_config.custom_fields).toBeNull();
    expect((await send(admin, 'post', '/apps/openvpn/profiles', profileBody('Office'))).body.error).toBe(ErrorCode.VPN_PROFILE_NAME_EXISTS);
    const duplicate = { advanced_config: { custom_fields: [{ key_name: 'ping', key_value: '10' }, { key_name: 'ping', key_value: '20' }] } };
    expect((await send(admin, 'post', '/apps/openvpn/profiles', profileBody('p2', duplicate))).body.error).toBe(ErrorCode.DUPLICATE_CUSTOM_KEY);
    const reserved = { advanced_config: { custom_fields: [{ key_name: 'remote', key_value: 'evil.example 1' }] } };
    expect((await send(admin, 'post', '/apps/openvpn/profiles', profileBody('p3', reserved))).body.error).toBe(ErrorCode.CUSTOM_KEY_NOT_ALLOWED);
    const bare = await send(admin, 'post', '/apps/openvpn/profiles', { name: 'bare' });
    expect(bare.body.openvpn_profile).toMatchObject({ general_config: null, server_config: null, advanced_config: null });
    const secret = await send(admin, 'post', '/apps/openvpn/profiles', {
      name: 'with-user',
      advanced_config: { auth_user_pass: { type: 'static', username: 'vpnuser', password: 'vpn-secret' } },
    });
    expect(JSON.stringify(secret.body)).not.toContain('vpn-secret');
    expect((await send(admin, 'get', '/apps/openvpn/profiles')).body.openvpn_profiles).toHaveLength(3);
  });

  it('manages application rules with errors 60, 61, 64, 62 and keeps the percentage only with level 4', async () => {
    const hostA = await device(admin, 'host-a', null);
    const hostB = await device(admin, 'host-b', null);
    const hub = await device(admin, 'hub-1', { from: 5000, to: 6000 });
    const rule = (name: string, extra: object = {}) => ({
      name,
      hosts_list: [hostA],
      hubs_list: [{ priority: 'primary', device_id: hub }],
      host_endpoint_info: { port: 8080 },
      hub_endpoint_info: { destination_ip: '10.1.0.1', port: 5500 },
      hosts_settings: { redundancy_level: 4, redundancy_percentage: 180, reorder: 0 },
      ...extra,
    });
    const created = await send(admin, 'post', '/application_rules', rule('video'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.application_rule.hosts_list[String(hostA)].name).toBe('host-a');
    expect(created.body.application_rule.hosts_settings).toEqual({ redundancy_level: 4, redundancy_percentage: 180, reorder: 0 });
    expect((await send(admin, 'post', '/application_rules', rule('VIDEO', { hosts_list: [hostB] }))).body.error).toBe(ErrorCode.RULE_NAME_EXISTS);
    expect((await send(admin, 'post', '/application_rules', rule('video-2'))).body.error).toBe(ErrorCode.RULE_PARAMETERS_EXIST);
    const outside = rule('video-3', { hosts_list: [hostB], hub_endpoint_info: { destination_ip: '10.1.0.1', port: 7000 } });
    expect((await send(admin, 'post', '/application_rules', outside)).body.error).toBe(ErrorCode.HUB_CONTROL_PORTS_ADD);
    const updateOutside = rule('video', { hub_endpoint_info: { destination_ip: '10.1.0.1', port: 4999 } });
    expect((await send(admin, 'put', `/application_rules/${created.body.id}`, updateOutside)).body.error).toBe(ErrorCode.HUB_CONTROL_PORTS_UPDATE);
    const serverAsHost = await send(admin, 'post', '/application_rules', rule('bad-host', { hosts_list: [hub], hubs_list: [{ priority: 'primary', device_id: hostB }] }));
    expect(serverAsHost.body.error).toBe(ErrorCode.MISSING_VALUES);
    const percentageWithoutCustom = rule('x', { hosts_settings: { redundancy_level: 1, redundancy_percentage: 180, reorder: 0 } });
    expect((await send(admin, 'post', '/application_rules', percentageWithoutCustom)).body.error).toBe(ErrorCode.MISSING_VALUES);
  });

  it('deleting a profile leaves its rules on No VPN/Custom', async () => {
    const host = await device(admin, 'host-p', null);
    const hub = await device(admin, 'hub-p', { from: 5000, to: 6000 });
    const profile = await send(admin, 'post', '/apps/openvpn/profiles', profileBody('shared-profile'));
    const rule = await send(admin, 'post', '/application_rules', {
      name: 'via-vpn',
      profile_id: profile.body.id,
      hosts_list: [host],
      hubs_list: [{ priority: 'primary', device_id: hub }],
      host_endpoint_info: { port: 1 },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    expect(rule.body.application_rule.host_endpoint_info).toBeNull();
    await send(admin, 'delete', `/apps/openvpn/profiles/${profile.body.id}`).expect(200);
    const [after] = (await send(admin, 'get', '/application_rules')).body.application_rules;
    expect(after.profile_id).toBeNull();
    expect(after.is_enabled).toBe(false);
  });

  it('generates an OpenVPN client configuration whose certificate verifies against the environment CA', async () => {
    const profile = await send(admin, 'post', '/apps/openvpn/profiles', profileBody('cert-profile'));
    const response = await send(admin, 'post', '/vpn_certificates', { certificationType: 1, certificateCN: 'field-laptop-7', profileId: profile.body.id })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="field-laptop-7.ovpn"');
    const { blocks, directives } = parseOvpn(String(response.body));
    expect(directives).toEqual(expect.arrayContaining(['client', 'remote', 'cipher', 'remote-cert-tls', 'key-direction']));
    expect(Object.keys(blocks).sort()).toEqual(['ca', 'cert', 'key', 'tls-auth']);
    const directory = mkdtempSync(join(tmpdir(), 'halo-ovpn-'));
    try {
      writeFileSync(join(directory, 'ca.pem'), `${blocks.ca}\n`);
      writeFileSync(join(directory, 'cert.pem'), `${blocks.cert}\n`);
      const verified = execFileSync('openssl', ['verify', '-attime', String(Math.floor(provider.clock.now / 1000)), '-CAfile', join(directory, 'ca.pem'), join(directory, 'cert.pem')]).toString();
      expect(verified.trim()).toMatch(/: OK$/);
      const subject = execFileSync('openssl', ['x509', '-noout', '-subject', '-in', join(directory, 'cert.pem')]).toString();
      expect(subject).toContain('CN = field-laptop-7');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    const issued = await provider.provider.context.db.selectFrom('issued_certificates').selectAll().execute();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ common_name: 'field-laptop-7', profile_id: profile.body.id, issuer_user_id: admin.userId });
  });

  it('refuses a private profile with 92, bad requests with 1, and reports an unreachable custom CA as a 500 VPN failure', async () => {
    const privateProfile = await send(admin, 'post', '/apps/openvpn/profiles', profileBody('private', { is_private: true }));
    expect((await send(admin, 'post', '/vpn_certificates', { certificationType: 1, certificateCN: 'x', profileId: privateProfile.body.id })).body.error).toBe(
      ErrorCode.PRIVATE_PROFILE_CERTIFICATE,
    );
    expect((await send(admin, 'post', '/vpn_certificates', { certificationType: 1, profileId: privateProfile.body.id })).body.error).toBe(ErrorCode.MISSING_VALUES);
    expect((await send(admin, 'post', '/vpn_certificates', { certificationType: 1, certificateCN: 'x', profileId: 99999 })).status).toBe(404);

    await send(admin, 'post', '/environments', {
      environment_name: 'custom-ca',
      username: 'custom-ca-manager',
      password: STRONG_PASSWORD,
      email: 'custom-ca@example.test',
      ca_server_address: '127.0.0.1:9',
    }).expect(201);
    const manager = await as(provider.api, 'custom-ca-manager', 'custom-ca');
    const profile = await send(manager, 'post', '/apps/openvpn/profiles', profileBody('remote-ca'));
    const failed = await send(manager, 'post', '/vpn_certificates', { certificationType: 1, certificateCN: 'y', profileId: profile.body.id });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: 'vpnGenerateFailed', message: 'Certificate generation failed, verify service availability' });
  });
});
