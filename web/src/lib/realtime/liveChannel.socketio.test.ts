// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIVE_NAMESPACE } from '@halo/shared';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveChannel } from './liveChannel';
import { REFUSED_RETRY_MS, type LiveSocket } from './liveSocket';

/**
 * The retry rests on how socket.io behaves, not on a double: a handshake refused by server
 * middleware (as the gateway refuses one while its upstream cannot answer: `next(error)` with
 * the reason as message) is not retried by socket.io itself, and leaves the socket inactive.
 */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A socket.io server whose /live namespace refuses each handshake with the next of `refusals`, then accepts. */
async function serverRefusing(refusals: string[]) {
  const http = createServer();
  const server = new Server(http, { transports: ['websocket'] });
  let handshakes = 0;
  server.of(LIVE_NAMESPACE).use((_socket, next) => {
    handshakes += 1;
    const reason = refusals.shift();
    next(reason ? Object.assign(new Error(reason), { data: { error: reason } }) : undefined);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${LIVE_NAMESPACE}`;
  closers.push(() => new Promise<void>((resolve) => void server.close(() => resolve())));
  return { url, handshakes: () => handshakes };
}

function channelTo(url: string) {
  const channel = new LiveChannel((token): LiveSocket =>
    io(url, { transports: ['websocket'], auth: { token }, forceNew: true }),
  );
  closers.push(() => {
    channel.disconnect();
    return Promise.resolve();
  });
  return channel;
}

const until = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return condition();
};

describe('LiveChannel against a real socket.io server', () => {
  it('connects after the server refused the handshake for now, twice', async () => {
    const server = await serverRefusing(['serviceUnavailable', 'serviceUnavailable']);
    const channel = channelTo(server.url);
    channel.connect('token');
    const waited = REFUSED_RETRY_MS[0] + REFUSED_RETRY_MS[1];
    expect(await until(() => channel.connected, waited + 3000)).toBe(true);
    expect(server.handshakes()).toBe(3);
  }, 15_000);

  it('gives up on a refused token and says so', async () => {
    const server = await serverRefusing(['unauthorized', 'unauthorized']);
    const channel = channelTo(server.url);
    let unauthorized = 0;
    channel.unauthorized$.subscribe(() => (unauthorized += 1));
    channel.connect('token');
    expect(await until(() => unauthorized === 1, 3000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, REFUSED_RETRY_MS[0] + 500));
    expect(server.handshakes()).toBe(1);
    expect(channel.connected).toBe(false);
  }, 15_000);
});
