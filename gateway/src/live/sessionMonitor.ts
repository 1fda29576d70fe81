import { LiveEvent, type SessionEndedEvent } from '@halo/shared';
import type { GatewayMetrics } from '../metrics.js';
import type { SessionCheck, UpstreamClient } from '../upstream/upstreamClient.js';
import type { LiveNamespace, LiveSocket } from './liveTypes.js';

/**
 * Proves sessions with the upstream: once at the handshake, then every interval for each
 * distinct token among this gateway's sockets, one upstream call per token however many tabs
 * share it. A session the upstream ended gets `session.ended` on all its sockets, which are
 * then disconnected; when the upstream cannot answer, nothing is ended.
 */
/** Session checks in flight at once during a cycle: thousands of users must not mean thousands of requests at once. */
const CYCLE_CONCURRENCY = 16;

/**
 * How long an ended session's socket stays open after `session.ended` is written. A close
 * written in the same breath can reach the client with the event and be handled first
 * ("transport close" and no reason); the socket has left every room, so nothing else reaches it.
 */
export const SESSION_END_GRACE_MS = 250;

/** Tells a socket why its session ended, then closes it. */
export function endSocketSession(socket: LiveSocket, reason: SessionEndedEvent['reason']): void {
  for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room);
  socket.emit(LiveEvent.SESSION_ENDED, { reason });
  setTimeout(() => socket.disconnect(true), SESSION_END_GRACE_MS).unref();
}

export class SessionMonitor {
  private readonly inFlight = new Map<string, Promise<SessionCheck>>();
  private cycle: Promise<void> | null = null;
  private readonly revalidatedListeners = new Set<(socket: LiveSocket) => void>();

  constructor(
    private readonly namespace: LiveNamespace,
    private readonly upstream: UpstreamClient,
    private readonly metrics: GatewayMetrics,
  ) {}

  /** One upstream call per token at a time: concurrent handshakes and checks share it. */
  check(token: string): Promise<SessionCheck> {
    const pending = this.inFlight.get(token);
    if (pending) return pending;
    const check = this.upstream
      .checkSession(token)
      .then((result) => {
        this.metrics.sessionChecks.inc({ result: result.kind });
        return result;
      })
      .finally(() => this.inFlight.delete(token));
    this.inFlight.set(token, check);
    return check;
  }

  /**
   * Called for each socket whose session was re-validated (and may carry other permissions
   * now): what a socket may receive is decided here, once per check, not on every send.
   */
  onRevalidated(listener: (socket: LiveSocket) => void): () => void {
    this.revalidatedListeners.add(listener);
    return () => this.revalidatedListeners.delete(listener);
  }

  /** Re-validates one token's sockets now (the upstream refused it to a poller). */
  async revalidateToken(token: string): Promise<void> {
    const sockets = [...this.namespace.sockets.values()].filter((socket) => socket.data.token === token);
    if (sockets.length > 0) await this.revalidate(token, sockets);
  }

  /** Re-validates every connected session now; a cycle still running is joined, not repeated. */
  checkAll(): Promise<void> {
    this.cycle ??= this.runCycle().finally(() => {
      this.cycle = null;
    });
    return this.cycle;
  }

  private async runCycle(): Promise<void> {
    const socketsByToken = new Map<string, LiveSocket[]>();
    for (const socket of this.namespace.sockets.values()) {
      const { token } = socket.data;
      if (!token) continue;
      const sockets = socketsByToken.get(token) ?? [];
      sockets.push(socket);
      socketsByToken.set(token, sockets);
    }
    const queue = [...socketsByToken];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await this.revalidate(...next);
    };
    await Promise.all(Array.from({ length: Math.min(CYCLE_CONCURRENCY, queue.length) }, worker));
  }

  private async revalidate(token: string, sockets: readonly LiveSocket[]): Promise<void> {
    const result = await this.check(token);
    if (result.kind === 'valid') {
      for (const socket of sockets) {
        socket.data.session = result.session;
        for (const listener of this.revalidatedListeners) listener(socket);
      }
      return;
    }
    if (result.kind !== 'ended') return;
    // Sockets of this token that connected meanwhile end as well.
    for (const socket of this.namespace.sockets.values()) {
      if (socket.data.token !== token || socket.data.ended) continue;
      socket.data.ended = true;
      endSocketSession(socket, result.reason);
    }
  }
}
