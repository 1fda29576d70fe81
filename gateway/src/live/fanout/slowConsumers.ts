import type { GatewayMetrics } from '../../metrics.js';
import type { LiveSocket } from '../liveTypes.js';
import { pendingWrites } from '../pendingWrites.js';
import { dropConnection } from './dropConnection.js';
import { devicesRoom } from './roomNames.js';

/** How often sockets dropped as slow consumers are checked for having caught up. */
const LAGGARD_CHECK_MS = 100;

interface Laggard {
  readonly socket: LiveSocket;
  readonly environmentIds: Set<number>;
  readonly since: number;
}

export interface SlowConsumersOptions {
  readonly metrics: GatewayMetrics;
  readonly bufferPackets: number;
  readonly bufferBytes: number;
  /** A slow consumer that has not caught up after this long is disconnected. */
  readonly resyncMs: number;
  /** A laggard caught up: it needs a fresh snapshot of each of these environments. */
  readonly caughtUp: (socketId: string, environmentIds: ReadonlySet<number>) => void;
}

/**
 * The slow-consumer policy: a socket whose write buffer is over its bound leaves the delta
 * rooms (it becomes a laggard); once caught up it gets a fresh snapshot, and when it does not
 * catch up in time it is disconnected.
 */
export class SlowConsumers {
  private readonly laggards = new Map<string, Laggard>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SlowConsumersOptions) {}

  /** Whether the socket is a laggard now (it gets nothing until it caught up). */
  has(socketId: string): boolean {
    return this.laggards.has(socketId);
  }

  /**
   * A laggard subscribed to one more environment: it gets that one's snapshot too once it
   * caught up. False (nothing noted) for a socket that is not a laggard.
   */
  noteSubscription(socketId: string, environmentId: number): boolean {
    const laggard = this.laggards.get(socketId);
    laggard?.environmentIds.add(environmentId);
    return laggard !== undefined;
  }

  /**
   * Whether the socket has more waiting than its bound; `allowance` is what the latest
   * snapshot weighed (one snapshot may wait on top of the bound).
   */
  isBehind(socket: LiveSocket, allowance: number): boolean {
    const pending = pendingWrites(socket);
    return pending.packets > this.options.bufferPackets || pending.bytes > this.options.bufferBytes + allowance;
  }

  /** The socket leaves the environment's delta room until it caught up. */
  drop(socket: LiveSocket, environmentId: number): void {
    void socket.leave(devicesRoom(environmentId));
    const laggard = this.laggards.get(socket.id);
    if (laggard) {
      laggard.environmentIds.add(environmentId);
    } else {
      this.laggards.set(socket.id, { socket, environmentIds: new Set([environmentId]), since: Date.now() });
    }
    this.options.metrics.slowConsumerDrops.inc();
    this.timer ??= setInterval(() => this.check(), LAGGARD_CHECK_MS);
    this.timer.unref();
  }

  /** The socket no longer follows the environment's devices. */
  leave(socketId: string, environmentId: number): void {
    this.laggards.get(socketId)?.environmentIds.delete(environmentId);
  }

  /** The socket left. */
  forget(socketId: string): void {
    this.laggards.delete(socketId);
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** Caught-up laggards get a fresh snapshot and rejoin; those out of time are disconnected. */
  private check(): void {
    const now = Date.now();
    for (const [socketId, laggard] of this.laggards) {
      const { socket } = laggard;
      if (!socket.connected) {
        this.laggards.delete(socketId);
        continue;
      }
      const pending = pendingWrites(socket);
      if (pending.packets === 0 && pending.bytes < this.options.bufferBytes / 4 && pending.writable) {
        this.laggards.delete(socketId);
        this.options.caughtUp(socketId, laggard.environmentIds);
      } else if (now - laggard.since > this.options.resyncMs) {
        this.laggards.delete(socketId);
        this.options.metrics.slowConsumerDisconnects.inc();
        // A lost transport, so the client reconnects and subscribes again with its epoch and seq.
        dropConnection(socket);
      }
    }
    if (this.laggards.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
