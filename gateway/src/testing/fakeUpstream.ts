import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { API_BASE, apiErrorBody, HttpErrorKind, type LoginResponse, type SessionEndReason } from '@halo/shared';

export interface FakeSession {
  userId: number;
  environmentId: number;
  verified: boolean;
  /** Set to end the session: /auth/session then answers 401 with this reason. */
  endedReason?: SessionEndReason;
}

export interface FakeUpstream {
  readonly origin: string;
  readonly apiBaseUrl: string;
  readonly healthUrl: string;
  readonly sessions: Map<string, FakeSession>;
  /** /auth/session calls per token. */
  readonly sessionCalls: Map<string, number>;
  /** Every request seen, as `METHOD path`. */
  readonly requests: string[];
  /** What the server clock answers. */
  serverClock: string;
  /** When true, /auth/session and /server_clock drop the connection without answering. */
  dropConnections: boolean;
  close(): Promise<void>;
}

export function loginResponseFor(token: string, session: FakeSession): LoginResponse {
  return {
    token: { access_token: token, token_type: 'Bearer' },
    name: `user ${session.userId}`,
    user_id: session.userId,
    environment_id: session.environmentId,
    environment_name: 'root',
    parent_environment_id: null,
    environment_manager: true,
    permissions: [],
    enabled_feature_ids: [],
    entities: { devices: [] },
    two_factor_auth: { setup_status: 1 },
    verified: session.verified,
    realm_type: 1,
  };
}

/** A provider stand-in on a random loopback port, for the gateway's unit tests. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const app = express();
  const state = {
    sessions: new Map<string, FakeSession>(),
    sessionCalls: new Map<string, number>(),
    requests: [] as string[],
    serverClock: '2030-01-02T03:04:05.000Z',
    dropConnections: false,
  };
  app.use((request, _response, next) => {
    state.requests.push(`${request.method} ${request.path}`);
    next();
  });
  app.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  const api = express.Router();
  api.get('/auth/session', (request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    state.sessionCalls.set(token, (state.sessionCalls.get(token) ?? 0) + 1);
    if (state.dropConnections) {
      request.socket.destroy();
      return;
    }
    const session = state.sessions.get(token);
    if (!session || session.endedReason) {
      const reason = session?.endedReason;
      response
        .status(401)
        .json(apiErrorBody(HttpErrorKind.UNAUTHORIZED, 'Authentication required', reason ? { reason } : undefined));
      return;
    }
    response.json(loginResponseFor(token, session));
  });
  api.get('/server_clock', (request, response) => {
    if (state.dropConnections) {
      request.socket.destroy();
      return;
    }
    response.json({ server_clock: state.serverClock });
  });
  // Answers with the status asked for and tells what arrived: method, path, query, headers, body.
  api.all('/echo{/*rest}', async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    response.status(Number(request.query.status ?? 200)).json({
      method: request.method,
      url: request.originalUrl,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
  });
  api.get('/silent', () => {
    // Never answers: the gateway's time-out has to.
  });
  app.use(API_BASE, api);

  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(state, {
    origin,
    apiBaseUrl: `${origin}${API_BASE}`,
    healthUrl: `${origin}/healthz`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
