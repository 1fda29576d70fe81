import { apiPaths, API_BASE, LiveEvent } from '@halo/shared';
import { test } from '@playwright/test';
import { type Socket } from 'socket.io-client';
import { openLiveSocket } from '../fixtures/liveClient';
import { startStack } from '../fixtures/stack';
import { percentile } from './benchFigures';
import { assertVerified, type VerifiedCount } from './verifiedCounts';

/**
 * Fan-out: how many upstream polls and how much delivery spread as the number of watching
 * browsers grows. The claim under test: upstream requests per poll cycle do not grow with
 * sockets, and every socket gets each delta at about the same time.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 2000);
const SOCKET_COUNTS = (process.env.BENCH_SOCKETS ?? '1,50,200').split(',').map(Number);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 15_000);

async function metric(baseURL: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseURL}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(name) && !line.startsWith('#'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

test('fan-out: upstream polls and delivery spread against the number of sockets', async () => {
  const stack = await startStack({ HALO_SIM_DEVICES: String(DEVICES), HALO_RATE_LIMIT_AUTH_PER_MIN: '1000' });
  const rows: string[] = [];
  const verified: VerifiedCount[] = [];
  try {
    const login = await fetch(`${stack.baseURL}${API_BASE}${apiPaths.auth.login}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: stack.adminPassword, environment_name: 'root' }),
    });
    const session = (await login.json()) as { token: { access_token: string }; environment_id: number };
    for (const count of SOCKET_COUNTS) {
      const sockets: Socket[] = [];
      const arrivals = new Map<number, number[]>();
      let deltas = 0;
      for (let index = 0; index < count; index += 1) {
        const socket = openLiveSocket(stack.baseURL, session.token.access_token);
        socket.on(LiveEvent.DEVICES_DELTA, (delta: { seq: number }) => {
          deltas += 1;
          const list = arrivals.get(delta.seq) ?? [];
          list.push(performance.now());
          arrivals.set(delta.seq, list);
        });
        socket.on('connect', () =>
          socket.emit(LiveEvent.DEVICES_SUBSCRIBE, { environmentId: session.environment_id }, () => {}),
        );
        sockets.push(socket);
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      arrivals.clear();
      deltas = 0;
      const pollsBefore = await metric(stack.baseURL, 'halo_gateway_polls_total');
      const upstreamBefore = await metric(stack.baseURL, 'halo_gateway_upstream_requests_total');
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      const polls = (await metric(stack.baseURL, 'halo_gateway_polls_total')) - pollsBefore;
      const upstream = (await metric(stack.baseURL, 'halo_gateway_upstream_requests_total')) - upstreamBefore;
      const spreads = [...arrivals.values()]
        .filter((times) => times.length === count)
        .map((times) => Math.max(...times) - Math.min(...times));
      const connected = sockets.filter((socket) => socket.connected).length;
      // Every socket got each delta: the window's first and last seq may be cut by its edges, the
      // ones between must have reached every socket once.
      const seqs = [...arrivals.keys()].sort((a, b) => a - b).slice(1, -1);
      const received = seqs.reduce((sum, seq) => sum + Math.min(count, arrivals.get(seq)?.length ?? 0), 0);
      const gaps = seqs.length > 0 ? (seqs.at(-1)! - seqs[0]! + 1 - seqs.length) * count : 0;
      verified.push(
        {
          what: `(socket, delta) pairs with ${count} sockets, over ${seqs.length} deltas inside the window`,
          stated: seqs.length * count,
          verified: received,
          wrong: seqs.length * count - received + gaps,
          wrongWhat: 'deltas a socket missed (or a seq no socket got)',
        },
        {
          what: `sockets connected of ${count}`,
          stated: count,
          verified: connected,
          wrong: count - connected,
          wrongWhat: 'sockets not connected',
        },
      );
      rows.push(
        [
          `sockets ${String(count).padStart(4)}`,
          `connected ${connected}`,
          `poll cycles ${polls}`,
          `upstream requests ${upstream} (${(upstream / Math.max(1, polls)).toFixed(2)} per cycle)`,
          `deltas received ${deltas}`,
          `delivery spread median ${percentile(spreads, 50).toFixed(1)} ms, p95 ${percentile(spreads, 95).toFixed(1)} ms`,
        ].join(' | '),
      );
      for (const socket of sockets) socket.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await stack.stop();
  }
  console.log(`\nfan-out benchmark: ${DEVICES} simulated devices, window ${WINDOW_MS} ms\n${rows.join('\n')}\n`);
  assertVerified('bench:fanout', verified);
});
