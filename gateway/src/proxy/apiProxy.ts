import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { apiErrorBody, HttpErrorKind } from '@halo/shared';
import type { GatewayMetrics } from '../metrics.js';
import type { UpstreamStatusTracker } from '../upstream/upstreamStatus.js';

export interface ApiProxyOptions {
  /** Base of the upstream API, including /api/v1. */
  readonly target: string;
  /** Idle time-out of one proxied exchange before the gateway answers 504. */
  readonly timeoutMs: number;
  readonly metrics: GatewayMetrics;
  readonly status: UpstreamStatusTracker;
}

const UNAVAILABLE = apiErrorBody(HttpErrorKind.SERVICE_UNAVAILABLE, 'Service not available');

/**
 * Streams /api/v1/* to the upstream untouched: no body parsing here, Authorization passes
 * through, the upstream's status and body come back as they are. When the upstream cannot be
 * reached the gateway answers 502, when it does not answer in time 504, both in the spec's
 * error format. Mount it at API_BASE: Express strips the mount path and the target adds it back.
 */
export function createApiProxy({ target, timeoutMs, metrics, status }: ApiProxyOptions): RequestHandler {
  // Destroying the upstream request surfaces as a plain "socket hang up": remember who timed out.
  const timedOutRequests = new WeakSet<IncomingMessage>();
  // Without an agent http-proxy asks the upstream to close every connection, and that
  // `Connection: close` would reach the browser too. Idle upstream connections are dropped
  // after 4 s, before a Node upstream's 5 s keep-alive time-out could close one under a request.
  const agentOptions = { keepAlive: true, maxSockets: 256, maxFreeSockets: 32, timeout: 4000 };
  const agent = target.startsWith('https:') ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    agent,
    changeOrigin: true,
    // Both kept off: the gateway sets the forwarding headers itself from what it trusts.
    xfwd: false,
    // A back-stop for exchanges the idle timer below cannot see (requests that expect 100-continue).
    proxyTimeout: timeoutMs * 2,
    on: {
      proxyReq(proxyRequest: ClientRequest, request: IncomingMessage) {
        metrics.upstreamRequests.inc({ source: 'proxy' });
        const expressRequest = request as Request;
        const clientAddress = expressRequest.ip ?? request.socket.remoteAddress ?? '';
        proxyRequest.setHeader('x-forwarded-for', clientAddress);
        proxyRequest.setHeader('x-forwarded-proto', expressRequest.protocol ?? 'http');
        if (request.headers.host) proxyRequest.setHeader('x-forwarded-host', request.headers.host);
        proxyRequest.removeHeader('forwarded');
        proxyRequest.setTimeout(timeoutMs, () => {
          timedOutRequests.add(request);
          proxyRequest.destroy();
        });
      },
      proxyRes(proxyResponse: IncomingMessage) {
        // The gateway speaks for the stack: no upstream framework banner.
        delete proxyResponse.headers['x-powered-by'];
        status.recordSuccess();
      },
      error(error: NodeJS.ErrnoException, request: IncomingMessage, response: ServerResponse | Socket) {
        if (request.socket.destroyed) {
          // The client went away, not the upstream.
          response.destroy();
          return;
        }
        const timedOut = timedOutRequests.has(request) || error.code === 'ETIMEDOUT';
        metrics.upstreamFailures.inc({ source: 'proxy', reason: timedOut ? 'timeout' : 'network' });
        status.recordFailure();
        if (!('writeHead' in response)) {
          response.destroy();
          return;
        }
        if (response.headersSent) {
          // The answer had begun: all that is left is to cut it, so the client sees it incomplete.
          response.destroy();
          return;
        }
        const body = JSON.stringify(UNAVAILABLE);
        response.writeHead(timedOut ? 504 : 502, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
        });
        response.end(body);
      },
    },
  });
  return proxy as unknown as RequestHandler;
}
