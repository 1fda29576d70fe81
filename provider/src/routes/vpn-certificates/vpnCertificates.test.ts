import { useAdminSuite } from '../../testing/adminSuite.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { profileBody } from '../../testing/dataPath.js';
import { parseOpenVpnConfig } from '../../testing/parseOpenVpnConfig.js';
import { as, createUser, STRONG_PASSWORD } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('VPN certificates on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  it('refuses a certificate for a stored profile whose file would not be safe or would not connect', async () => {
    const created = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('legacy'));
    const db = suite.provider.provider.context.db;
    const certificate = () =>
      send(suite.admin, 'post', '/vpn_certificates', {
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

  it('refuses with 83 a certificate for a stored profile holding a custom key no longer allowed', async () => {
    const created = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('legacy-keys'));
    const db = suite.provider.provider.context.db;
    // Saved when the deny-list let these through.
    await db
      .updateTable('openvpn_profiles')
      .set({
        advanced_config: JSON.stringify({
          custom_fields: [
            { key_name: 'ping', key_value: '10' },
            { key_name: 'genkey', key_value: 'secret /home/user/.ssh/id_rsa' },
            { key_name: 'dev-node', key_value: '/tmp/x' },
          ],
        }),
      })
      .where('id', '=', created.body.id)
      .execute();
    const refused = await send(suite.admin, 'post', '/vpn_certificates', {
      certificationType: 1,
      certificateCN: 'laptop',
      profileId: created.body.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: ErrorCode.CUSTOM_KEY_NOT_ALLOWED,
      fields: { not_allowed_keys: ['genkey', 'dev-node'], keys: 'genkey, dev-node' },
    });
    expect(refused.text).not.toContain('BEGIN');
    // A value a saved profile holds that its key does not take is refused on its row too.
    await db
      .updateTable('openvpn_profiles')
      .set({ advanced_config: JSON.stringify({ custom_fields: [{ key_name: 'ping', key_value: '"10 20"' }] }) })
      .where('id', '=', created.body.id)
      .execute();
    const badValue = await send(suite.admin, 'post', '/vpn_certificates', {
      certificationType: 1,
      certificateCN: 'laptop',
      profileId: created.body.id,
    });
    expect(badValue.status).toBe(400);
    expect(badValue.body.fields).toEqual({ 'advanced_config.custom_fields.0.key_value': 'validation.customValue' });
    expect(await db.selectFrom('issued_certificates').selectAll().execute()).toEqual([]);
  });

  it('lets only OpenVPN profiles add (101) generate a certificate; view (100) gets 403', async () => {
    const profile = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('perm-profile'));
    await createUser(suite.provider.api, suite.admin, 'vpn-viewer', [100]);
    await createUser(suite.provider.api, suite.admin, 'vpn-issuer', [100, 101]);
    const request = { certificationType: 1, certificateCN: 'laptop', profileId: profile.body.id };
    const viewer = await send(await as(suite.provider.api, 'vpn-viewer', 'root'), 'post', '/vpn_certificates', request);
    expect(viewer.status).toBe(403);
    expect(viewer.text).not.toContain('BEGIN');
    const issuer = await send(await as(suite.provider.api, 'vpn-issuer', 'root'), 'post', '/vpn_certificates', request);
    expect(issuer.status).toBe(200);
  });

  it('generates an OpenVPN client configuration whose certificate verifies against the environment CA', async () => {
    const profile = await send(suite.admin, 'post', '/apps/openvpn/profiles', profileBody('cert-profile'));
    const response = await suite
      .send(suite.admin, 'post', '/vpn_certificates', {
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
        String(Math.floor(suite.provider.clock.now / 1000)),
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
    const issued = await suite.provider.provider.context.db.selectFrom('issued_certificates').selectAll().execute();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      common_name: 'field-laptop-7',
      profile_id: profile.body.id,
      issuer_user_id: suite.admin.userId,
    });
  });

  it('refuses a private profile with 92, bad requests with 1, and reports an unreachable custom CA as a 500 VPN failure', async () => {
    const privateProfile = await send(
      suite.admin,
      'post',
      '/apps/openvpn/profiles',
      profileBody('private', { is_private: true }),
    );
    expect(
      (
        await send(suite.admin, 'post', '/vpn_certificates', {
          certificationType: 1,
          certificateCN: 'x',
          profileId: privateProfile.body.id,
        })
      ).body.error,
    ).toBe(ErrorCode.PRIVATE_PROFILE_CERTIFICATE);
    expect(
      (
        await send(suite.admin, 'post', '/vpn_certificates', {
          certificationType: 1,
          profileId: privateProfile.body.id,
        })
      ).body.error,
    ).toBe(ErrorCode.MISSING_VALUES);
    expect(
      (
        await send(suite.admin, 'post', '/vpn_certificates', {
          certificationType: 1,
          certificateCN: 'x',
          profileId: 99999,
        })
      ).status,
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
        send(suite.admin, 'post', '/environments', {
          environment_name: name,
          username: `${name}-manager`,
          password: STRONG_PASSWORD,
          email: `${name}@example.test`,
          ca_server_address: address,
        });
      for (const address of [`127.0.0.1:${port}`, '169.254.169.254', '10.0.0.9:8443', '192.168.1.1', '0.0.0.0:80']) {
        const refused = await environment('custom-ca-refused', address);
        // Which rule refused it: caServerAddress.test.ts.
        expect({ address, status: refused.status, fields: refused.body.fields }).toEqual({
          address,
          status: 400,
          fields: {
            ca_server_address: expect.stringMatching(
              /^validation\.(addressLoopback|addressLinkLocal|addressReserved|caAddressPrivate)$/,
            ),
          },
        });
      }
      // A name that resolves to loopback is saved, and refused after resolution when called.
      await environment('custom-ca', `localhost:${port}`).expect(201);
      const manager = await as(suite.provider.api, 'custom-ca-manager', 'custom-ca');
      const profile = await send(manager, 'post', '/apps/openvpn/profiles', profileBody('remote-ca'));
      const failed = await send(manager, 'post', '/vpn_certificates', {
        certificationType: 1,
        certificateCN: 'y',
        profileId: profile.body.id,
      });
      expect(failed.status).toBe(500);
      // A generic reason; how the name resolved stays in the server log.
      expect(failed.body).toEqual({
        error: 'vpnGenerateFailed',
        message:
          'Certificate generation failed, verify service availability: the service could not be reached, or its address is not allowed',
        fields: { reason: 'unreachable' },
      });
      const updated = await send(suite.admin, 'put', `/environments/${manager.environmentId}`, {
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
