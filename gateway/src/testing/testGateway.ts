import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { LIVE_NAMESPACE, type LiveClientToServerEvents, type LiveServerToClientEvents } from '@halo/shared';
import { parseConfig, type GatewayConfig } from '../config.js';
import { createGateway, type Gateway, type GatewayOptions } from '../server.js';
import type { UpstreamTarget } from '../upstream/upstreamClient.js';

export type LiveClient = ClientSocket<LiveServerToClientEvents, LiveClientToServerEvents>;

export interface TestGateway {
  readonly gateway: Gateway;
  readonly url: string;
  /** Opens a /live socket (websocket, no reconnection) with the given handshake auth. */
  connect(auth: unknown, extraHeaders?: Record<string, string>): LiveClient;
  close(): Promise<void>;
}

/** Defaults for tests (sockets dropped at once on close), with any value overridden. */
export function testConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return { ...parseConfig({}), drainSpreadMs: 0, ...overrides };
}

/** A gateway listening on a random loopback port, and a way to open sockets to it. */
export async function startTestGateway(
  upstream: UpstreamTarget,
  overrides: Partial<GatewayConfig> = {},
  options: GatewayOptions = {},
): Promise<TestGateway> {
  const gateway = createGateway(testConfig(overrides), upstream, options);
  gateway.httpServer.listen(0, '127.0.0.1');
  await once(gateway.httpServer, 'listening');
  const { port } = gateway.httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const clients: LiveClient[] = [];
  return {
    gateway,
    url,
    connect(auth, extraHeaders) {
      const client: LiveClient = connectSocket(`${url}${LIVE_NAMESPACE}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: auth as Record<string, unknown>,
        ...(extraHeaders ? { extraHeaders } : {}),
      });
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.disconnect();
      await gateway.close();
    },
  };
}

/** Resolves with the first payload of `event`, or rejects after `timeoutMs`. */
export function nextEvent<T>(client: LiveClient, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${event}" within ${timeoutMs} ms`)), timeoutMs);
    (client as unknown as ClientSocket).once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
