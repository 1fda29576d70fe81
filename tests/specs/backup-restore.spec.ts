import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { API_BASE, apiPaths, Permission } from '@halo/shared';
import { expect, test } from '@playwright/test';
import { login, type Session } from '../fixtures/liveClient';
import { ovpnCertificates } from '../fixtures/ovpnFile';
import { withStore } from '../fixtures/ownDatabase';
import { fleetReady } from '../fixtures/simulatedFleet';
import { REPO_ROOT, startProvider, type ProviderProcess } from '../fixtures/stack';

/**
 * `npm run backup` and `npm run restore` on a provider of its own, on the embedded SQLite store
 * and on a PostgreSQL database of its own: the backup
 * is taken while the simulator writes, things change after it, and the restored store answers
 * every entity and the certificate authority as they were at the backup.
 */
const DEVICES = 60;
const run = promisify(execFile);

const cli = (name: 'backup' | 'restore', provider: ProviderProcess, directory: string, databaseUrl: string) =>
  run(process.execPath, [join(REPO_ROOT, 'provider', 'dist', 'cli', `${name}.js`), directory], {
    env: { ...process.env, HALO_DATA_DIR: provider.dataDir, DATABASE_URL: databaseUrl },
  });

/** JSON calls straight at the provider with a session. */
function apiOf(provider: ProviderProcess, session: Session) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${provider.url}${API_BASE}${path}`, {
      method,
      headers: { Authorization: `Bearer ${session.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
    return text;
  };
  const json = async (method: string, path: string, body?: unknown) =>
    JSON.parse(await call(method, path, body)) as Record<string, unknown>;
  const environmentId = session.environmentId;
  return {
    json,
    /** What the backup must bring back: users, environments, profiles and devices as listed. */
    async entities() {
      const users = (await json('GET', apiPaths.users.list(environmentId))).users as Record<string, unknown>[];
      const environments = (await json('GET', apiPaths.environments.list(environmentId))).environments as Record<
        string,
        unknown
      >[];
      const profiles = (await json('GET', apiPaths.vpn.profiles(environmentId))).openvpn_profiles as Record<
        string,
        unknown
      >[];
      const devices = (await json('GET', apiPaths.devices.list(environmentId))).devices as Record<string, unknown>[];
      const pick = (rows: Record<string, unknown>[], keys: string[]) =>
        rows
          .map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])))
          .sort((a, b) => Number(a.id) - Number(b.id));
      return {
        users: pick(users, ['id', 'username', 'email', 'permissions']),
        environments: pick(environments, ['id', 'name', 'parent_id', 'username']),
        profiles: pick(profiles, ['id', 'name']),
        devices: pick(devices, ['id', 'name', 'pairing_id']),
      };
    },
    /** Issues a client certificate through a profile; answers the .ovpn file's CA and certificate. */
    async certificate(profileId: number, cn: string) {
      const text = await call('POST', apiPaths.vpn.certificates(environmentId), {
        certificationType: 1,
        certificateCN: cn,
        profileId,
      });
      return ovpnCertificates(text);
    },
  };
}

for (const dialect of ['sqlite', 'postgres'] as const)
  test(`${dialect}: a backup taken while the simulator writes restores every entity and the CA as they were`, () =>
    withStore(dialect, (databaseUrl) => roundTrip(dialect, databaseUrl)));

async function roundTrip(dialect: 'sqlite' | 'postgres', databaseUrl: string) {
  test.setTimeout(180_000);
  const provider = await startProvider({
    HALO_SIM_DEVICES: String(DEVICES),
    HALO_SIM_CHANGE_FRACTION: '0.5',
    DATABASE_URL: databaseUrl,
  });
  const workspace = mkdtempSync(join(tmpdir(), 'halo-backup-test-'));
  try {
    await fleetReady(provider, DEVICES);
    const admin = await login(provider.url, provider.adminPassword);
    const api = apiOf(provider, admin);
    const env = admin.environmentId;
    const keeper = await api.json('POST', apiPaths.users.list(env), {
      user: {
        username: 'keeper',
        password: 'Keeper-Passw0rd!',
        email: 'keeper@example.com',
        permissions: [Permission.DEVICES_VIEW],
      },
    });
    await api.json('POST', apiPaths.environments.list(env), {
      environment_name: 'tenant-b',
      username: 'tenant-b-manager',
      password: 'Tenant-Passw0rd!',
      email: 'tenant-b@example.com',
    });
    const profile = await api.json('POST', apiPaths.vpn.profiles(env), {
      name: 'office-vpn',
      server_config: { server_address: 'vpn.example.test', port: 1194 },
    });
    const issued = await api.certificate(Number(profile.id), 'before-backup');
    expect(issued.ca).toContain('BEGIN CERTIFICATE');
    const before = await api.entities();

    // Backed up while the simulator writes every second (the provider keeps running).
    const backupDir = join(workspace, 'backup');
    const { stdout } = await cli('backup', provider, backupDir, databaseUrl);
    expect(stdout).toMatch(new RegExp(`Backed up the ${dialect} store`));
    expect(statSync(backupDir).mode & 0o777, 'the backup is its owner’s only').toBe(0o700);

    // Things change after the backup.
    await api.json('DELETE', apiPaths.users.item(env, Number(keeper.id)));
    await api.json('POST', apiPaths.users.list(env), {
      user: { username: 'after-backup', password: 'After-Passw0rd!', email: 'after@example.com', permissions: [] },
    });
    expect((await api.entities()).users.map((user) => user.username)).not.toContain('keeper');

    // A backup whose file was altered is refused, and changes nothing.
    const tampered = join(workspace, 'tampered');
    await run('cp', ['-r', backupDir, tampered]);
    writeFileSync(join(tampered, 'files', 'secret.key'), 'not the key');
    await provider.stop();
    const refused = await cli('restore', provider, tampered, databaseUrl).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toMatch(/files\/secret\.key is not what was backed up/);

    // Restored with the product stopped, started again without the simulator.
    const restored = await cli('restore', provider, backupDir, databaseUrl);
    expect(restored.stdout).toMatch(/Restored .* What the data dir held before is in .*before-restore-/);
    await provider.restart({ HALO_SIM_DEVICES: '0' });
    const again = apiOf(provider, await login(provider.url, provider.adminPassword));
    expect(await again.entities()).toEqual(before);

    // The CA is the same: it signs with the same certificate, and the one issued before the backup verifies.
    const after = await again.certificate(Number(profile.id), 'after-restore');
    expect(after.ca).toBe(issued.ca);
    const ca = new X509Certificate(after.ca);
    expect(new X509Certificate(issued.cert).verify(ca.publicKey)).toBe(true);
    expect(new X509Certificate(after.cert).verify(ca.publicKey)).toBe(true);
    expect(readFileSync(join(backupDir, 'manifest.json'), 'utf8')).toContain(`"database": "${dialect}"`);
  } finally {
    await provider.dispose();
    rmSync(workspace, { recursive: true, force: true });
  }
}
