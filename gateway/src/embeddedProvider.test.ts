import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedProviderError, launchEmbeddedProvider } from './embeddedProvider.js';
import { freePort } from './testing/freePort.js';

let scripts: string;

/** A provider stand-in: /healthz after a short delay, and what it was started with at /env. */
const HEALTHY = `
import { createServer } from 'node:http';
const server = createServer((request, response) => {
  if (request.url === '/healthz') { response.end('{"status":"ok"}'); return; }
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ host: process.env.HALO_PROVIDER_HOST, port: process.env.HALO_PROVIDER_PORT, extra: process.env.HALO_EXTRA, channel: typeof process.send === 'function' }));
});
setTimeout(() => server.listen(Number(process.env.HALO_PROVIDER_PORT), process.env.HALO_PROVIDER_HOST), 300);
process.on('SIGTERM', () => { console.log('stopping'); server.close(); process.exit(0); });
`;
const CRASHING = `console.error('cannot open the database'); process.exit(3);`;

beforeAll(() => {
  scripts = mkdtempSync(join(tmpdir(), 'halo-gateway-provider-'));
  writeFileSync(join(scripts, 'healthy.mjs'), HEALTHY);
  writeFileSync(join(scripts, 'crashing.mjs'), CRASHING);
});

afterAll(() => {
  rmSync(scripts, { recursive: true, force: true });
});

describe('launchEmbeddedProvider', () => {
  it('starts the provider on loopback with our environment, waits for /healthz, and stops it', async () => {
    const port = await freePort();
    const provider = launchEmbeddedProvider({
      port,
      mainPath: join(scripts, 'healthy.mjs'),
      env: { ...process.env, HALO_EXTRA: 'passed through' },
    });
    await provider.ready;
    expect(provider.target).toEqual({
      apiBaseUrl: `http://127.0.0.1:${port}/api/v1`,
      healthUrl: `http://127.0.0.1:${port}/healthz`,
    });
    const seen = await (await fetch(`http://127.0.0.1:${port}/env`)).json();
    // channel: the provider can tell when the gateway is gone (provider/src/main.ts stops then).
    expect(seen).toEqual({ host: '127.0.0.1', port: String(port), extra: 'passed through', channel: true });
    await provider.stop();
    expect(provider.child.exitCode).toBe(0);
  });

  it('fails clearly when the provider exits before it is ready', async () => {
    const provider = launchEmbeddedProvider({ port: await freePort(), mainPath: join(scripts, 'crashing.mjs') });
    await expect(provider.ready).rejects.toThrow(/exited \(code 3\) before it was ready/);
  });

  it('fails clearly when the provider is not built', () => {
    expect(() => launchEmbeddedProvider({ port: 1, mainPath: join(scripts, 'missing.js') })).toThrow(
      EmbeddedProviderError,
    );
  });

  it('gives up after the ready time-out', async () => {
    const provider = launchEmbeddedProvider({
      port: await freePort(),
      mainPath: join(scripts, 'healthy.mjs'),
      env: { ...process.env },
      readyTimeoutMs: 100,
    });
    await expect(provider.ready).rejects.toThrow(/did not answer .*\/healthz within 100 ms/);
    await provider.exited;
  });
});
