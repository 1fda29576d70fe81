import { existsSync, statSync } from 'node:fs';
import { apiPaths } from '@halo/shared';
import { expect, test } from '@playwright/test';
import { importDevices } from '../fixtures/deviceImport';
import { login, sleep } from '../fixtures/liveClient';
import { sqliteStoreOf, startGateway, startProvider } from '../fixtures/stack';

/**
 * SIGTERM in the middle of work (issue 14, point 1): a gateway lets an in-flight proxied
 * request finish before it exits 0; the provider finishes an in-flight write, closes its store
 * cleanly (SQLite's write-ahead log checkpointed and gone) and exits 0.
 */
const ROWS = 10_000;

test('SIGTERM during a 10,000-row import: gateway and provider finish it, close cleanly and exit 0', async () => {
  test.setTimeout(120_000);
  const provider = await startProvider();
  const gateway = await startGateway(provider.apiURL);
  try {
    // Through the gateway: the request is answered although the gateway was told to stop.
    let session = await login(gateway.baseURL, provider.adminPassword);
    const throughGateway = importDevices(gateway.baseURL, session, 'via-gateway', ROWS);
    await sleep(150);
    const gatewayExit = gateway.stop();
    const proxied = await throughGateway;
    expect(proxied.status).toBe(200);
    expect(((await proxied.json()) as { imported?: number }).imported).toBe(ROWS);
    expect(await gatewayExit).toEqual({ code: 0, signal: null });

    // Straight at the provider: the write in flight is finished and committed, then the store closed.
    session = await login(provider.url, provider.adminPassword);
    const direct = importDevices(provider.url, session, 'direct', ROWS);
    await sleep(150);
    const providerExit = provider.stop();
    const answered = await direct;
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { imported?: number }).imported).toBe(ROWS);
    expect(await providerExit).toEqual({ code: 0, signal: null });
    const wal = `${sqliteStoreOf(provider.dataDir)}-wal`;
    expect(existsSync(wal) ? statSync(wal).size : 0, 'the write-ahead log after a clean close').toBe(0);

    // Both imports are in the store when it starts again.
    await provider.restart();
    session = await login(provider.url, provider.adminPassword);
    const { devices } = (await (
      await fetch(`${provider.apiURL}${apiPaths.devices.list(session.environmentId)}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      })
    ).json()) as { devices: { name: string }[] };
    expect(devices.filter((device) => device.name.startsWith('via-gateway-'))).toHaveLength(ROWS);
    expect(devices.filter((device) => device.name.startsWith('direct-'))).toHaveLength(ROWS);
  } finally {
    await gateway.dispose();
    await provider.dispose();
  }
});
