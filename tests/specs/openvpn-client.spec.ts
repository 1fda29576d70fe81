import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CUSTOM_DIRECTIVES } from '@halo/shared';
import { DataPathApi } from '../fixtures/dataPathApi';
import { expect, test } from '../fixtures/test';

test.use({ stackEnv: { HALO_E2E_STACK: 'openvpn-client' } });

/** Debian's OpenVPN 2.6 client (tests/fixtures/ensure-debian-packages.mjs installs it). */
const OPENVPN = process.env.HALO_OPENVPN ?? '/usr/sbin/openvpn';

/**
 * What OpenVPN prints reading a file: its options (verb 4) and its first connection attempt.
 * It stops as soon as it tries to reach the server (nothing answers), or when it exits.
 */
async function openVpnReads(config: string): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'halo-openvpn-'));
  const file = join(directory, 'client.ovpn');
  writeFileSync(file, config);
  try {
    return await new Promise<string>((resolve, reject) => {
      const client = spawn(OPENVPN, ['--config', file, '--verb', '4'], { cwd: directory });
      let output = '';
      const done = () => {
        clearTimeout(timer);
        client.kill('SIGTERM');
        resolve(output);
      };
      const timer = setTimeout(done, 15_000);
      client.on('error', reject);
      client.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/UDPv4 link remote/.test(output)) done();
      });
      client.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      client.on('exit', done);
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A value at one end of each argument's range (or its last word), as a user may type it. */
function valueAt(key: string, end: 'min' | 'max'): string {
  const directive = CUSTOM_DIRECTIVES.get(key);
  return (directive?.args ?? [])
    .map((argument) =>
      argument.number && !(end === 'max' && argument.words)
        ? String(argument.number[end])
        : (argument.words?.at(-1) ?? ''),
    )
    .join(' ');
}

const KEEPALIVE_FAMILY = ['keepalive', 'ping', 'ping-restart', 'ping-exit'];

test('OpenVPN 2.6 reads every file the console generates, each allowed custom key at both ends of its range', async ({
  request,
  stack,
}) => {
  const admin = await DataPathApi.login(request, 'admin', stack.adminPassword);
  const others = [...CUSTOM_DIRECTIVES.keys()].filter((key) => !KEEPALIVE_FAMILY.includes(key));
  const variants: Record<string, [string, string][]> = {
    lowest: [...others, 'ping', 'ping-restart', 'ping-exit'].map((key) => [key, valueAt(key, 'min')]),
    highest: [...others, 'ping', 'ping-restart', 'ping-exit'].map((key) => [key, valueAt(key, 'max')]),
    // keepalive stands for ping and ping-restart: OpenVPN refuses them together, so the console does too.
    keepalive: [
      ['keepalive', '10 60'],
      ['verb', '5'],
    ],
  };
  for (const [name, rows] of Object.entries(variants)) {
    const profileId = await admin.createProfile(`client-${name}`, {
      server_config: { server_address: '127.0.0.1', port: 1 },
      general_config: { encryption_type: 3, compression_type: 3, layer_type: 3 },
      advanced_config: {
        auth: 'sha256',
        tls_auth: true,
        key_direction: 1,
        auth_user_pass: { type: 'static', username: 'field ops', password: 'p"a\\ss </x #;' },
        custom_fields: rows.map(([key_name, key_value]) => ({ key_name, key_value })),
      },
    });
    const read = await openVpnReads(await admin.generateCertificate(profileId, `laptop-${name}`));
    expect(read, name).not.toMatch(/Options error|ERROR:|Cannot load|Bad backslash/);
    expect(read, name).toContain('UDPv4 link remote: [AF_INET]127.0.0.1:1');
    expect(read, name).toContain("remote_cert_eku = 'TLS Web Server Authentication'");
    for (const inline of ['ca_file', 'cert_file', 'priv_key_file', 'tls_auth_file', 'auth_user_pass_file']) {
      expect(read, `${name}: ${inline}`).toContain(`${inline} = '[INLINE]'`);
    }
    const values = Object.fromEntries(rows);
    if (values.mute !== undefined) expect(read).toContain(`mute = ${values.mute}`);
    if (values.sndbuf !== undefined) expect(read).toContain(`sndbuf = ${values.sndbuf}`);
    if (values['reneg-sec'] !== undefined) expect(read).toContain(`renegotiate_seconds = ${values['reneg-sec']}`);
    if (values['tun-mtu'] !== undefined) expect(read).toContain(`tun_mtu = ${values['tun-mtu']}`);
    if (values.keepalive !== undefined) expect(read).toContain('keepalive_timeout = 60');
  }
});
