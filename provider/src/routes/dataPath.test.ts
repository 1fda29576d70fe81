import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { parseOpenVpnConfig } from '../testing/parseOpenVpnConfig.js';
import { as, createUser, STRONG_PASSWORD, type Actor } from '../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../testing/testProvider.js';

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
    const request = provider.api[method](`/api/v1/config/${actor.environmentId}${path}`).set(
      'Authorization',
      actor.authorization,
    );
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
    advanced_config: {
      auth: 'sha256',
      remote_cert_tls: true,
      tls_auth: true,
      key_direction: 1,
      custom_fields: [{ key_name: '', key_value: '' }],
    },
    ...extra,
  });

  it('manages OpenVPN profiles with errors 80, 82 and 83 and empty sections as null', async () => {
    const created = await send(admin, 'post', '/apps/openvpn/profiles', profileBody('office'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.openvpn_profile.advanced_config.custom_fields).toBeNull();
    expect((await send(admin, 'post', '/apps/openvpn/profiles', profileBody('Office'))).body.error).toBe(
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
    expect((await send(admin, 'post', '/apps/openvpn/profiles', profileBody('p2', duplicate))).body.error).toBe(
      ErrorCode.DUPLICATE_CUSTOM_KEY,
    );
    const reserved = { advanced_config: { custom_fields: [{ key_name: 'remote', key_value: 'evil.example 1' }] } };
    expect((await send(admin, 'post', '/apps/openvpn/profiles', profileBody('p3', reserved))).body.error).toBe(
      ErrorCode.CUSTOM_KEY_NOT_ALLOWED,
    );
    const bare = await send(admin, 'post', '/apps/openvpn/profiles', { name: 'bare' });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      error: ErrorCode.MISSING_VALUES,
      fields: { server_config: 'validation.required' },
    });
    const minimal = await send(admin, 'post', '/apps/openvpn/profiles', {
      name: 'minimal',
      server_config: { server_address: 'vpn.example.test', port: 1194 },
    });
    expect(minimal.body.openvpn_profile).toMatchObject({ general_config: null, advanced_config: null });
    const secret = await send(admin, 'post', '/apps/openvpn/profiles', {
      name: 'with-user',
      server_config: { server_address: 'vpn.example.test', port: 1194 },
      advanced_config: { auth_user_pass: { type: 'static', username: 'vpnuser', password: 'vpn-secret' } },
    });
    expect(JSON.stringify(secret.body)).not.toContain('vpn-secret');
    expect((await send(admin, 'get', '/apps/openvpn/profiles')).body.openvpn_profiles).toHaveLength(3);
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
      const refused = await send(admin, 'post', '/apps/openvpn/profiles', profileBody(`hostile-${index}`, extra));
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error).toBe(ErrorCode.MISSING_VALUES);
    }
    const created = await send(admin, 'post', '/apps/openvpn/profiles', profileBody('clean'));
    for (const extra of hostile) {
      const refused = await send(
        admin,
        'put',
        `/apps/openvpn/profiles/${created.body.id}`,
        profileBody('clean', extra),
      );
      expect(refused.status).toBe(400);
    }
    const listed = (await send(admin, 'get', '/apps/openvpn/profiles')).body.openvpn_profiles;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain('script-security');
  });

  it('refuses a certificate for a stored profile whose file would not be safe or would not connect', async () => {
    const created = await send(admin, 'post', '/apps/openvpn/profiles', profileBody('legacy'));
    const db = provider.provider.context.db;
    const certificate = () =>
      send(admin, 'post', '/vpn_certificates', {
        certificationType: 1,
        certificateCN: 'x',
        profileId: created.body.id,
      });
    // Rows written before these checks existed.
    await db
      .updateTable('openvpn_profiles')
      .set({
        advanced_config: JSON.stringify({ custom_fields: [{ key_name: 'verb', key_value: '3\nscript-security 2' }] }),
      })
      .where('id', '=', created.body.id)
      .execute();
    const unsafe = await certificate();
    expect(unsafe.status).toBe(400);
    expect(unsafe.text).not.toContain('script-security');
    await db
      .updateTable('openvpn_profiles')
      .set({ advanced_config: null, server_config: null })
      .where('id', '=', created.body.id)
      .execute();
    const unusable = await certificate();
    expect(unusable.status).toBe(400);
    expect(unusable.body.fields).toMatchObject({ server_config: 'validation.required' });
    expect(await db.selectFrom('issued_certificates').selectAll().execute()).toEqual([]);
  });

  it('lets only OpenVPN profiles add (101) generate a certificate; view (100) gets 403', async () => {
    const profile = await send(admin, 'post', '/apps/openvpn/profiles', profileBody('perm-profile'));
    await createUser(provider.api, admin, 'vpn-viewer', [100]);
    await createUser(provider.api, admin, 'vpn-issuer', [100, 101]);
    const request = { certificationType: 1, certificateCN: 'laptop', profileId: profile.body.id };
    const viewer = await send(await as(provider.api, 'vpn-viewer', 'root'), 'post', '/vpn_certificates', request);
    expect(viewer.status).toBe(403);
    expect(viewer.text).not.toContain('BEGIN');
    const issuer = await send(await as(provider.api, 'vpn-issuer', 'root'), 'post', '/vpn_certificates', request);
    expect(issuer.status).toBe(200);
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
    expect(created.body.application_rule.hosts_settings).toEqual({
      redundancy_level: 4,
      redundancy_percentage: 180,
      reorder: 0,
    });
    expect((await send(admin, 'post', '/application_rules', rule('VIDEO', { hosts_list: [hostB] }))).body.error).toBe(
      ErrorCode.RULE_NAME_EXISTS,
    );
    expect((await send(admin, 'post', '/application_rules', rule('video-2'))).body.error).toBe(
      ErrorCode.RULE_PARAMETERS_EXIST,
    );
    const outside = rule('video-3', {
      hosts_list: [hostB],
      hub_endpoint_info: { destination_ip: '10.1.0.1', port: 7000 },
    });
    expect((await send(admin, 'post', '/application_rules', outside)).body.error).toBe(ErrorCode.HUB_CONTROL_PORTS_ADD);
    const updateOutside = rule('video', { hub_endpoint_info: { destination_ip: '10.1.0.1', port: 4999 } });
    expect((await send(admin, 'put', `/application_rules/${created.body.id}`, updateOutside)).body.error).toBe(
      ErrorCode.HUB_CONTROL_PORTS_UPDATE,
    );
    const serverAsHost = await send(
      admin,
      'post',
      '/application_rules',
      rule('bad-host', { hosts_list: [hub], hubs_list: [{ priority: 'primary', device_id: hostB }] }),
    );
    expect(serverAsHost.body.error).toBe(ErrorCode.MISSING_VALUES);
    const percentageWithoutCustom = rule('x', {
      hosts_settings: { redundancy_level: 1, redundancy_percentage: 180, reorder: 0 },
    });
    expect((await send(admin, 'post', '/application_rules', percentageWithoutCustom)).body.error).toBe(
      ErrorCode.MISSING_VALUES,
    );
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
    const response = await send(admin, 'post', '/vpn_certificates', {
      certificationType: 1,
      certificateCN: 'field-laptop-7',
      profileId: profile.body.id,
    })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="field-laptop-7.ovpn"');
    const { inline, directives } = parseOpenVpnConfig(String(response.body));
    expect(directives.map((found) => found.name)).toEqual(
      expect.arrayContaining(['client', 'remote', 'cipher', 'remote-cert-tls', 'key-direction']),
    );
    expect([...inline.keys()].sort()).toEqual(['ca', 'cert', 'key', 'tls-auth']);
    const blocks = Object.fromEntries([...inline].map(([tag, lines]) => [tag, lines.join('\n')]));
    const directory = mkdtempSync(join(tmpdir(), 'halo-ovpn-'));
    try {
      writeFileSync(join(directory, 'ca.pem'), `${blocks.ca}\n`);
      writeFileSync(join(directory, 'cert.pem'), `${blocks.cert}\n`);
      const verified = execFileSync('openssl', [
        'verify',
        '-attime',
        String(Math.floor(provider.clock.now / 1000)),
        '-CAfile',
        join(directory, 'ca.pem'),
        join(directory, 'cert.pem'),
      ]).toString();
      expect(verified.trim()).toMatch(/: OK$/);
      const subject = execFileSync('openssl', [
        'x509',
        '-noout',
        '-subject',
        '-in',
        join(directory, 'cert.pem'),
      ]).toString();
      expect(subject).toContain('CN = field-laptop-7');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    const issued = await provider.provider.context.db.selectFrom('issued_certificates').selectAll().execute();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      common_name: 'field-laptop-7',
      profile_id: profile.body.id,
      issuer_user_id: admin.userId,
    });
  });

  it('refuses a private profile with 92, bad requests with 1, and reports an unreachable custom CA as a 500 VPN failure', async () => {
    const privateProfile = await send(
      admin,
      'post',
      '/apps/openvpn/profiles',
      profileBody('private', { is_private: true }),
    );
    expect(
      (
        await send(admin, 'post', '/vpn_certificates', {
          certificationType: 1,
          certificateCN: 'x',
          profileId: privateProfile.body.id,
        })
      ).body.error,
    ).toBe(ErrorCode.PRIVATE_PROFILE_CERTIFICATE);
    expect(
      (await send(admin, 'post', '/vpn_certificates', { certificationType: 1, profileId: privateProfile.body.id })).body
        .error,
    ).toBe(ErrorCode.MISSING_VALUES);
    expect(
      (await send(admin, 'post', '/vpn_certificates', { certificationType: 1, certificateCN: 'x', profileId: 99999 }))
        .status,
    ).toBe(404);

    // A CA service on this machine: it must never be called (server-side request forgery).
    const hits: string[] = [];
    const localService = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.end('-----BEGIN CERTIFICATE-----');
    });
    await new Promise<void>((resolve) => localService.listen(0, resolve));
    const port = (localService.address() as AddressInfo).port;
    try {
      const environment = (name: string, address: string) =>
        send(admin, 'post', '/environments', {
          environment_name: name,
          username: `${name}-manager`,
          password: STRONG_PASSWORD,
          email: `${name}@example.test`,
          ca_server_address: address,
        });
      for (const address of [`127.0.0.1:${port}`, '169.254.169.254', '10.0.0.9:8443', '192.168.1.1', '0.0.0.0:80']) {
        const refused = await environment('custom-ca-refused', address);
        expect({ address, status: refused.status, fields: refused.body.fields }).toEqual({
          address,
          status: 400,
          fields: { ca_server_address: 'validation.invalid' },
        });
      }
      // A name that resolves to loopback is saved, and refused after resolution when called.
      await environment('custom-ca', `localhost:${port}`).expect(201);
      const manager = await as(provider.api, 'custom-ca-manager', 'custom-ca');
      const profile = await send(manager, 'post', '/apps/openvpn/profiles', profileBody('remote-ca'));
      const failed = await send(manager, 'post', '/vpn_certificates', {
        certificationType: 1,
        certificateCN: 'y',
        profileId: profile.body.id,
      });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({
        error: 'vpnGenerateFailed',
        message: 'Certificate generation failed, verify service availability',
      });
      const updated = await send(admin, 'put', `/environments/${manager.environmentId}`, {
        environment_name: 'custom-ca',
        ca_server_address: `[::1]:${port}`,
      });
      expect(updated.status).toBe(400);
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => localService.close(resolve));
    }
  });
});
