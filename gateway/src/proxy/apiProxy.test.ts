import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayMetrics } from '../metrics.js';
import { UpstreamStatusTracker } from '../upstream/upstreamStatus.js';
import { createApiProxy } from './apiProxy.js';

const servers: Server[] = [];
const listen = async (server: Server) => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

describe('API proxy', () => {
  it('stops the upstream request when its client goes away before the answer', async () => {
    let upstreamSawClose: () => void = () => {};
    const upstreamClosed = new Promise<void>((resolve) => (upstreamSawClose = resolve));
    let upstreamGotRequest: () => void = () => {};
    const upstreamReached = new Promise<void>((resolve) => (upstreamGotRequest = resolve));
    // An upstream that never answers, like a provider busy with a long read.
    const upstreamPort = await listen(
      createServer((_request, response) => {
        response.once('close', () => upstreamSawClose());
        upstreamGotRequest();
      }),
    );
    const gateway = express();
    gateway.use(
      '/api/v1',
      createApiProxy({
        target: `http://127.0.0.1:${upstreamPort}/api/v1`,
        timeoutMs: 60_000,
        metrics: createGatewayMetrics(),
        status: new UpstreamStatusTracker(),
      }),
    );
    const gatewayPort = await listen(createServer(gateway));
    const client = httpRequest({ port: gatewayPort, host: '127.0.0.1', path: '/api/v1/config/1/system_logs/export' });
    client.on('error', () => {});
    client.end();
    await upstreamReached;
    client.destroy();
    await upstreamClosed;
    expect(client.destroyed).toBe(true);
  });
});
