import { LiveEvent, type ClockEvent } from '@halo/shared';
import type { UpstreamClient } from '../upstream/upstreamClient.js';
import type { LiveNamespace } from './liveTypes.js';

/**
 * The provider's clock, read centrally (never once per browser) and sent to every socket on
 * each refresh; a socket that connects in between gets it advanced by the local time elapsed.
 */
export class ClockBroadcaster {
  private last: { readonly serverTime: number; readonly receivedAt: number } | null = null;

  constructor(
    private readonly namespace: LiveNamespace,
    private readonly upstream: UpstreamClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the upstream clock and sends it to all sockets; false when it could not be read. */
  async refresh(): Promise<boolean> {
    const serverClock = await this.upstream.serverClock();
    if (serverClock === null) return false;
    this.last = { serverTime: Date.parse(serverClock), receivedAt: this.now() };
    const event = this.current();
    // Every gateway reads the clock for its own sockets.
    if (event) this.namespace.local.emit(LiveEvent.CLOCK, event);
    return true;
  }

  get known(): boolean {
    return this.last !== null;
  }

  /** The server time now, as far as the last reading tells, or null before any reading. */
  current(): ClockEvent | null {
    if (!this.last) return null;
    return { serverTime: new Date(this.last.serverTime + (this.now() - this.last.receivedAt)).toISOString() };
  }
}
