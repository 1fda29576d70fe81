import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logLevelOf, REQUEST_ID_HEADER, requestIdOf, requestLogging } from './index.js';

const requestWith = (id?: string) =>
  ({ headers: id === undefined ? {} : { [REQUEST_ID_HEADER]: id } }) as IncomingMessage;

describe('logging', () => {
  it('takes its level from HALO_LOG_LEVEL, info unless it names a level', () => {
    expect(logLevelOf({ HALO_LOG_LEVEL: 'debug' })).toBe('debug');
    expect(logLevelOf({ HALO_LOG_LEVEL: ' WARN ' })).toBe('warn');
    expect(logLevelOf({ HALO_LOG_LEVEL: 'loud' })).toBe('info');
    expect(logLevelOf({})).toBe('info');
  });

  it('keeps a sane request id a proxy gave and replaces anything else', () => {
    expect(requestIdOf(requestWith('gw-1234.abc'))).toBe('gw-1234.abc');
    for (const hostile of ['a\nb', 'x'.repeat(200), '<script>', '']) {
      expect(requestIdOf(requestWith(hostile))).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(requestWith())).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one JSON line per request with the id it answers in X-Request-Id, and none for probes', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logRequest = requestLogging(pino({ level: 'info' }, sink));
    const server = createServer((request, response) => {
      logRequest(request, response);
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end('ok');
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answered = await fetch(`${base}/api/v1/versions`, { headers: { [REQUEST_ID_HEADER]: 'from-the-gateway' } });
      const missing = await fetch(`${base}/missing`);
      await fetch(`${base}/healthz`);
      await expect.poll(() => lines.length).toBe(2);
      expect(answered.headers.get(REQUEST_ID_HEADER)).toBe('from-the-gateway');
      expect(lines[0]).toMatchObject({
        level: 30,
        req: { id: 'from-the-gateway', method: 'GET', url: '/api/v1/versions' },
        res: { statusCode: 200 },
      });
      expect(lines[1]).toMatchObject({
        level: 40,
        req: { id: missing.headers.get(REQUEST_ID_HEADER) },
        res: { statusCode: 404 },
      });
    } finally {
      server.close();
    }
  });
});
