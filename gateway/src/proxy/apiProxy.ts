import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
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
    // Off: forwardingHeaders below sets them from what the gateway trusts, not appended to the client's.
    xfwd: false,
    // A back-stop for exchanges the idle timer below cannot see.
    proxyTimeout: timeoutMs * 2,
    on: {
      start() {
        metrics.upstreamRequests.inc({ source: 'proxy' });
      },
      // Not emitted for requests that expect 100-continue (no browser sends those): the
      // back-stop above covers them, answered as 502.
      proxyReq(proxyRequest: ClientRequest, request: IncomingMessage, response: ServerResponse) {
        proxyRequest.setTimeout(timeoutMs, () => {
          timedOutRequests.add(request);
          proxyRequest.destroy();
        });
        // The client went away before its answer was done (it navigated off): the upstream stops
        // too, so the provider's read is cancelled rather than finished for nobody. http-proxy's
        // own 'aborted' listener does not fire once the request body has been read.
        response.once('close', () => {
          if (!response.writableFinished) proxyRequest.destroy();
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
  return proxy;
}

/**
 * Replaces whatever forwarding headers the client sent with what the gateway knows: the client
 * address as Express sees it (honouring HALO_TRUST_PROXY), the protocol and the host asked for.
 */
/**
 * Marks the gateway's polling calls (made with a subscriber's token) as background work, so a
 * provider can leave them out of the user's activity and the idle time-out still applies.
 */
export const BACKGROUND_HEADER = 'x-halo-background';

export const forwardingHeaders: RequestHandler = (request, _response, next) => {
  const { headers } = request;
  delete headers.forwarded;
  // Only the gateway's own background calls may say they are not the user's activity.
  delete headers[BACKGROUND_HEADER];
  headers['x-forwarded-for'] = request.ip ?? request.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = request.protocol;
  if (headers.host) headers['x-forwarded-host'] = headers.host;
  else delete headers['x-forwarded-host'];
  next();
};
