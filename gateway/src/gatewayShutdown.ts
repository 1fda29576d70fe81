import type { Server as HttpServer } from 'node:http';
import type { GatewayConfig } from './config.js';
import type { LiveWiring } from './gatewayLive.js';
import type { Live } from './live/liveServer.js';
import { log } from './log.js';
import type { RedisConnections } from './redisConnections.js';

/** How long in-flight requests may finish once the gateway stops. */
const SHUTDOWN_GRACE_MS = 5000;
/** While stopping, how often connections that went idle (kept alive after an answer) are closed. */
const IDLE_SWEEP_MS = 200;

export interface ShutdownParts extends LiveWiring {
  readonly config: GatewayConfig;
  readonly httpServer: HttpServer;
  readonly redis: RedisConnections | null;
}

/**
 * Stops a gateway whose background work (probe, live timers) was stopped: the pollers and
 * leadership first, then every socket spread over the drain window, the HTTP server once its
 * requests finished, and Redis last; resolves when all of it is done (or forced).
 */
export function shutDown({ config, httpServer, redis, live, bus, fanout }: ShutdownParts): Promise<void> {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => httpServer.closeAllConnections(), config.drainSpreadMs + SHUTDOWN_GRACE_MS);
    force.unref();
    // Pollers stop and leadership is released first, so another gateway takes over at once.
    const stopped = fanout
      .close()
      .then(() => bus.close())
      .catch((error: unknown) => log.error({ err: error }, 'stopping the pollers failed'));
    // Closes the sockets without a namespace disconnect, so browsers reconnect (to another
    // replica, or to this one once it is back), each at a random moment of the drain window
    // so the others are not hit by all of them at once; then the HTTP server.
    httpServer.close();
    // Requests in flight finish; a connection kept alive after its answer would hold the
    // server open until the force timer, so idle ones are closed as they become idle.
    httpServer.closeIdleConnections();
    const idleSweep = setInterval(() => httpServer.closeIdleConnections(), IDLE_SWEEP_MS);
    idleSweep.unref();
    const socketsClosed = closeSpread(live.namespace, config.drainSpreadMs).then(
      () => new Promise<void>((done) => void live.io.close(() => done())),
    );
    void Promise.all([stopped, socketsClosed])
      .then(() => redis?.quit())
      .finally(() => {
        clearTimeout(force);
        clearInterval(idleSweep);
        resolve();
      });
  });
}

/** Closes every live connection's transport at a random moment within `spreadMs`. */
function closeSpread(namespace: Live['namespace'], spreadMs: number): Promise<void> {
  const connections = [...namespace.sockets.values()].map((socket) => socket.conn);
  if (spreadMs <= 0 || connections.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let left = connections.length;
    for (const connection of connections) {
      setTimeout(() => {
        connection.close();
        left -= 1;
        if (left === 0) resolve();
      }, Math.random() * spreadMs).unref();
    }
  });
}
