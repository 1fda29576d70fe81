import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE } from '@halo/shared';
import { startFakeUpstream, type FakeUpstream } from './testing/fakeUpstream.js';
import { freePort } from './testing/freePort.js';
import { LiveView, upstreamDevices } from './testing/liveView.js';
import type { LiveClient } from './testing/testGateway.js';

/**
 * `node gateway/dist/main.js` with HALO_GATEWAY_WORKERS: real worker processes on one port, on
 * this machine's Redis, in front of the fake upstream.
 */
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const REDIS_URL = process.env.HALO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MANAGER = 'token-manager-env10-cluster-01';

let upstream: FakeUpstream;
let running: ChildProcess | undefined;
const clients: LiveClient[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.fleet.environments.set(1, null);
  upstream.fleet.environments.set(10, 1);
  upstream.sessions.set(MANAGER, { userId: 1, environmentId: 10, verified: true });
  for (let id = 1; id <= 5; id += 1) upstream.fleet.put(10, id);
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  if (running && running.exitCode === null) {
    const exited = new Promise((resolve) => running?.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
  running = undefined;
});

afterAll(async () => {
  await upstream.close();
});

async function startCluster(env: Record<string, string>): Promise<{ url: string; output: () => string }> {
  const port = await freePort();
  let output = '';
  running = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      HALO_PORT: String(port),
      HALO_HOST: '127.0.0.1',
      UPSTREAM_URL: upstream.apiBaseUrl,
      HALO_POLL_MS: '100',
      HALO_UPSTREAM_PROBE_MS: '3600000',
      HALO_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status, { timeout: 15_000 })
    .toBe(200)
    .catch((error: unknown) => {
      throw new Error(`the gateway did not answer: ${output}`, { cause: error });
    });
  return { url, output: () => output };
}

const workerPids = () =>
  execFileSync('pgrep', ['-P', String(running?.pid)])
    .toString()
    .trim()
    .split('\n')
    .map(Number);

async function open(url: string): Promise<{ client: LiveClient; view: LiveView }> {
  const client: LiveClient = io(`${url}${LIVE_NAMESPACE}`, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token: MANAGER },
    extraHeaders: { Origin: url },
    reconnectionDelay: 100,
  });
  clients.push(client);
  const view = new LiveView(client);
  client.on('connect', () => void client.emitWithAck('devices.subscribe', { environmentId: 10 }));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
  return { client, view };
}

describe('HALO_GATEWAY_WORKERS', () => {
  it('runs workers on one port that share one poller and add their metrics up; a dead one is replaced', async () => {
    const { url } = await startCluster({
      HALO_GATEWAY_WORKERS: '2',
      REDIS_URL,
      HALO_REDIS_PREFIX: `halo-cluster-test-${randomBytes(4).toString('hex')}`,
    });
    expect(workerPids()).toHaveLength(2);
    const sockets = await Promise.all(Array.from({ length: 6 }, () => open(url)));
    const sameAsUpstream = () =>
      Promise.all(
        sockets.map(({ view }) =>
          expect.poll(() => view.list(), { timeout: 5000 }).toEqual(upstreamDevices(upstream, 10)),
        ),
      );
    await sameAsUpstream();
    upstream.fleet.put(10, 3, { name: 'seen by every worker' });
    await sameAsUpstream();

    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^halo_gateway_connected_sockets 6$/m);
    // One poller in the cluster, not one per worker.
    expect(metrics).toMatch(/^halo_gateway_pollers_running 1$/m);

    // The polling transport is off: its requests could reach either worker.
    const polling = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);

    const [victim] = workerPids();
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => workerPids().filter((pid) => pid !== victim).length, { timeout: 10_000 }).toBe(2);
    upstream.fleet.put(10, 4, { name: 'after a worker died' });
    await sameAsUpstream();
  }, 60_000);

  it('refuses several workers without Redis, saying why', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, HALO_GATEWAY_WORKERS: '2', REDIS_URL: '', UPSTREAM_URL: upstream.apiBaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(output).toContain('several workers need REDIS_URL');
  });
});
