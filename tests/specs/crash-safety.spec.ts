import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, apiPaths } from '@halo/shared';
import { expect, test } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { login, sleep, upstreamDevices } from '../fixtures/liveClient';
import { fleetReady } from '../fixtures/simulatedFleet';
import { importDevices } from '../fixtures/deviceImport';
import { ovpnCertificates } from '../fixtures/ovpnFile';
import { queryOne, withStore } from '../fixtures/ownDatabase';
import { sqliteStoreOf, startProvider, type ProviderProcess } from '../fixtures/stack';

/**
 * Crash safety (issue 14, point 2): the provider is killed with
 * SIGKILL in the middle of a 10,000-row import, of the simulator's batched writes and of a
 * certificate issue; the store it leaves must open clean (integrity and foreign keys checked
 * with the provider down), hold no half-written work, and the provider must start on it and
 * answer as before; on SQLite and on a PostgreSQL database of its own each.
 */
test.describe.configure({ mode: 'serial' });

const ROWS = 10_000;

/** What SQLite says of the store the killed provider left (it is not running). */
function checkStore(provider: ProviderProcess): { integrity: string; foreignKeyProblems: number } {
  const database = new BetterSqlite3(sqliteStoreOf(provider.dataDir), { fileMustExist: true });
  try {
    const integrity = (database.pragma('integrity_check', { simple: true }) as string) ?? '';
    const foreignKeyProblems = (database.pragma('foreign_key_check') as unknown[]).length;
    return { integrity, foreignKeyProblems };
  } finally {
    database.close();
  }
}

/** How many devices' names start with `prefix`, read from the store itself. */
async function devicesNamed(provider: ProviderProcess, databaseUrl: string, prefix: string): Promise<number> {
  if (databaseUrl)
    return Number(
      (
        await queryOne<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM devices WHERE name LIKE $1', [
          `${prefix}%`,
        ])
      ).n,
    );
  const database = new BetterSqlite3(sqliteStoreOf(provider.dataDir), { readonly: true });
  try {
    return (database.prepare('SELECT count(*) AS n FROM devices WHERE name LIKE ?').get(`${prefix}%`) as { n: number })
      .n;
  } finally {
    database.close();
  }
}

/** SIGKILL; SQLite's own checks of the file it left (PostgreSQL recovers by itself). */
async function killedAndBack(provider: ProviderProcess, databaseUrl = '') {
  await provider.kill('SIGKILL');
  if (databaseUrl) return;
  const store = checkStore(provider);
  expect(store).toEqual({ integrity: 'ok', foreignKeyProblems: 0 });
}

for (const dialect of ['sqlite', 'postgres'] as const)
  test(`${dialect}: killed in the middle of a 10,000-row import: all rows or none, and a clean store`, () =>
    withStore(dialect, (databaseUrl) => importKilled(databaseUrl)));

async function importKilled(databaseUrl: string) {
  test.setTimeout(240_000);
  const provider = await startProvider({ DATABASE_URL: databaseUrl });
  try {
    let session = await login(provider.url, provider.adminPassword);
    // One whole import first, to know how long one takes here.
    const started = Date.now();
    const whole = await importDevices(provider.url, session, 'whole', ROWS);
    expect(whole.status).toBe(200);
    const importMs = Date.now() - started;
    expect(await devicesNamed(provider, databaseUrl, 'whole-')).toBe(ROWS);

    const outcomes: string[] = [];
    for (const [round, share] of [0.3, 0.6, 0.9, 1].entries()) {
      const prefix = `crash${round}`;
      const pending = importDevices(provider.url, session, prefix, ROWS).catch(() => null);
      await sleep(Math.round(importMs * share));
      await killedAndBack(provider, databaseUrl);
      await pending;
      const written = await devicesNamed(provider, databaseUrl, `${prefix}-`);
      expect([0, ROWS], `round ${round}: rows written`).toContain(written);
      outcomes.push(`${Math.round(importMs * share)} ms: ${written}`);
      expect(await devicesNamed(provider, databaseUrl, 'whole-')).toBe(ROWS);
      await provider.restart();
      session = await login(provider.url, provider.adminPassword);
    }
    // The provider answers on what it left: the devices listed are the store's.
    const listed = await fetch(`${provider.url}${API_BASE}${apiPaths.devices.list(session.environmentId)}`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(listed.status).toBe(200);
    const { devices } = (await listed.json()) as { devices: unknown[] };
    expect(devices.length % ROWS).toBe(0);
    const figures = `import of ${importMs} ms killed at ${outcomes.join('; ')} rows`;
    test.info().annotations.push({ type: 'kills', description: figures });
    console.log(`[crash-safety] ${figures}`);
  } finally {
    await provider.dispose();
  }
}

for (const dialect of ['sqlite', 'postgres'] as const)
  test(`${dialect}: killed in the middle of the simulator’s batched writes: every device whole after the restart`, () =>
    withStore(dialect, (databaseUrl) => simulatorKilled(databaseUrl)));

async function simulatorKilled(databaseUrl: string) {
  test.setTimeout(180_000);
  const devices = 2000;
  const provider = await startProvider({
    HALO_SIM_DEVICES: String(devices),
    HALO_SIM_CHANGE_FRACTION: '0.5',
    DATABASE_URL: databaseUrl,
  });
  try {
    await fleetReady(provider, devices);
    for (const wait of [1300, 2700]) {
      await sleep(wait);
      await killedAndBack(provider, databaseUrl);
      await provider.restart();
    }
    await provider.restart({ HALO_SIM_DEVICES: '0' });
    // Every entry of devices_state passes the shared schema (upstreamDevices parses each one).
    const session = await login(provider.url, provider.adminPassword);
    expect((await upstreamDevices(provider.apiURL, session)).size).toBe(devices);
  } finally {
    await provider.dispose();
  }
}

for (const dialect of ['sqlite', 'postgres'] as const)
  test(`${dialect}: killed while a certificate and its CA are made: the CA is whole or absent, and issues afterwards`, () =>
    withStore(dialect, (databaseUrl) => certificateKilled(databaseUrl)));

async function certificateKilled(databaseUrl: string) {
  test.setTimeout(240_000);
  const provider = await startProvider({ DATABASE_URL: databaseUrl });
  try {
    let session = await login(provider.url, provider.adminPassword);
    const profile = await fetch(`${provider.url}${API_BASE}${apiPaths.vpn.profiles(session.environmentId)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'office-vpn', server_config: { server_address: 'vpn.example.test', port: 1194 } }),
    });
    expect(profile.status).toBe(201);
    const profileId = ((await profile.json()) as { id: number }).id;
    const issue = (cn: string) =>
      fetch(`${provider.url}${API_BASE}${apiPaths.vpn.certificates(session.environmentId)}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ certificationType: 1, certificateCN: cn, profileId }),
      });
    const caDir = join(provider.dataDir, 'ca', `environment-${session.environmentId}`);
    for (const [round, wait] of [40, 150, 400, 900].entries()) {
      const pending = issue(`crash-${round}`).catch(() => null);
      await sleep(wait);
      await killedAndBack(provider, databaseUrl);
      await pending;
      // Whole or absent: no torn file, no half-made CA.
      let files: string[] = [];
      try {
        files = readdirSync(caDir);
      } catch {
        files = [];
      }
      if (files.includes('ca.crt')) {
        expect(files).toContain('ca.key.sealed');
        expect(new X509Certificate(readFileSync(join(caDir, 'ca.crt'))).ca).toBe(true);
      }
      await provider.restart();
      session = await login(provider.url, provider.adminPassword);
    }
    const after = await issue('after-the-crashes');
    expect(after.status).toBe(200);
    const text = await after.text();
    const issued = ovpnCertificates(text);
    const ca = new X509Certificate(issued.ca);
    expect(new X509Certificate(issued.cert).verify(ca.publicKey)).toBe(true);
    expect(ca.toString()).toBe(new X509Certificate(readFileSync(join(caDir, 'ca.crt'))).toString());
  } finally {
    await provider.dispose();
  }
}
