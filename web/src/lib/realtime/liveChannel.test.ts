import {
  formatServerClock,
  serverNow,
  type ServerClock,
  type SessionEndedEvent,
  type UpstreamStatusEvent,
} from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { LiveChannel } from './liveChannel';
import type { LiveConnection } from './liveConnection';
import { REFUSED_RETRY_MS, type LiveSocket } from './liveSocket';

/** Just enough of a socket.io socket: listeners by event name. */
class FakeSocket {
  readonly handlers = new Map<string, ((payload: unknown) => void)[]>();
  disconnected = false;
  connected = true;
  /** socket.io's "will reconnect by itself"; false after a handshake the server refused. */
  active = true;
  connects = 0;
  connect() {
    this.connects += 1;
    return this;
  }
  on(event: string, handler: (payload: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off(event: string, handler: (payload: unknown) => void) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((listener) => listener !== handler),
    );
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  emit(event: string, payload: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

function channel(now = () => 1_000) {
  const sockets: { token: string; socket: FakeSocket }[] = [];
  const live = new LiveChannel((token) => {
    const socket = new FakeSocket();
    sockets.push({ token, socket });
    return socket as unknown as LiveSocket;
  }, now);
  return { live, sockets };
}

describe('LiveChannel', () => {
  it('turns clock events into a server clock the display can tick from', () => {
    const { live, sockets } = channel(() => 5_000);
    const clocks: ServerClock[] = [];
    live.clock$.subscribe((clock) => clocks.push(clock));
    live.connect('token-1');
    sockets[0]!.socket.emit('clock', { serverTime: '2026-11-23T10:54:24.000Z' });
    expect(clocks).toHaveLength(1);
    const clock = clocks[0]!;
    expect(formatServerClock(serverNow(clock, 5_000))).toBe('23 Nov, 2026 10:54:24 (UTC)');
    expect(formatServerClock(serverNow(clock, 7_000))).toBe('23 Nov, 2026 10:54:26 (UTC)');
  });

  it('drops malformed payloads', () => {
    const { live, sockets } = channel();
    const seen = vi.fn();
    live.clock$.subscribe(seen);
    live.sessionEnded$.subscribe(seen);
    live.upstreamStatus$.subscribe(seen);
    live.connect('token-1');
    const socket = sockets[0]!.socket;
    socket.emit('clock', { serverTime: 'not a time' });
    socket.emit('clock', 'garbage');
    socket.emit('session.ended', { reason: 'because' });
    socket.emit('upstream.status', { state: 'sideways', since: 'x' });
    expect(seen).not.toHaveBeenCalled();
  });

  it('passes session.ended and upstream.status on, typed', () => {
    const { live, sockets } = channel();
    const ended: SessionEndedEvent[] = [];
    const statuses: UpstreamStatusEvent[] = [];
    live.sessionEnded$.subscribe((event) => ended.push(event));
    live.upstreamStatus$.subscribe((event) => statuses.push(event));
    live.connect('token-1');
    sockets[0]!.socket.emit('upstream.status', { state: 'degraded', since: '2026-11-23T10:00:00Z' });
    sockets[0]!.socket.emit('session.ended', { reason: 'replaced' });
    expect(statuses.map((status) => status.state)).toEqual(['degraded']);
    expect(ended).toEqual([{ reason: 'replaced' }]);
  });

  it('treats a refused handshake as unauthorized and stops retrying', () => {
    const { live, sockets } = channel();
    const unauthorized = vi.fn();
    live.unauthorized$.subscribe(unauthorized);
    live.connect('token-1');
    sockets[0]!.socket.emit('connect_error', new Error('timeout'));
    expect(unauthorized).not.toHaveBeenCalled();
    sockets[0]!.socket.emit('connect_error', new Error('unauthorized'));
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(sockets[0]!.socket.disconnected).toBe(true);
  });

  it('opens the socket again, ever more slowly, when the gateway refused it for now', () => {
    vi.useFakeTimers();
    try {
      const { live, sockets } = channel();
      live.connect('token-1');
      const socket = sockets[0]!.socket;
      socket.connected = false;
      // A lost transport: socket.io is on it (still active), nothing to do here.
      socket.emit('connect_error', new Error('xhr poll error'));
      vi.advanceTimersByTime(REFUSED_RETRY_MS[0]);
      expect(socket.connects).toBe(0);
      // Refused by the gateway's middleware (its upstream is down): socket.io gives up.
      socket.active = false;
      socket.emit('connect_error', new Error('serviceUnavailable'));
      vi.advanceTimersByTime(REFUSED_RETRY_MS[0] - 1);
      expect(socket.connects).toBe(0);
      vi.advanceTimersByTime(1);
      expect(socket.connects).toBe(1);
      socket.emit('connect_error', new Error('serviceUnavailable'));
      vi.advanceTimersByTime(REFUSED_RETRY_MS[0]);
      expect(socket.connects).toBe(1);
      vi.advanceTimersByTime(REFUSED_RETRY_MS[1] - REFUSED_RETRY_MS[0]);
      expect(socket.connects).toBe(2);
      // Connected: the next refusal starts from the shortest wait again.
      socket.emit('connect', undefined);
      socket.emit('connect_error', new Error('serviceUnavailable'));
      vi.advanceTimersByTime(REFUSED_RETRY_MS[0]);
      expect(socket.connects).toBe(3);
      // Closed (signed out): no more attempts.
      socket.emit('connect_error', new Error('serviceUnavailable'));
      live.disconnect();
      vi.advanceTimersByTime(60_000);
      expect(socket.connects).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a refusal that carries a reason into session.ended, not a plain 401', () => {
    const { live, sockets } = channel();
    const unauthorized = vi.fn();
    const ended = vi.fn();
    live.unauthorized$.subscribe(unauthorized);
    live.sessionEnded$.subscribe(ended);
    live.connect('token-1');
    sockets[0]!.socket.emit('connect_error', Object.assign(new Error('unauthorized'), { data: { reason: 'expired' } }));
    expect(ended).toHaveBeenCalledWith({ reason: 'expired' });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('re-connects with a new token, closing the old socket, and closes on disconnect', () => {
    const { live, sockets } = channel();
    live.connect('token-1');
    live.connect('token-2');
    expect(sockets.map((entry) => entry.token)).toEqual(['token-1', 'token-2']);
    expect(sockets[0]!.socket.disconnected).toBe(true);
    expect(live.connected).toBe(true);
    live.disconnect();
    expect(sockets[1]!.socket.disconnected).toBe(true);
    expect(live.connected).toBe(false);
  });

  it('offers its current connection to other clients and a new one after a re-connect', () => {
    const { live, sockets } = channel();
    const seen: (LiveConnection | null)[] = [];
    live.connection$.subscribe((connection) => seen.push(connection));
    const first = live.connect('token-1');
    const second = live.connect('token-2');
    live.disconnect();
    expect(seen).toEqual([null, first, null, second, null]);
    expect(first).not.toBe(second);
    // Each connection carries its own socket's events.
    const deltas: unknown[] = [];
    first.devicesDelta$.subscribe((delta) => deltas.push(['first', delta]));
    second.devicesDelta$.subscribe((delta) => deltas.push(['second', delta]));
    sockets[1]!.socket.emit('devices.delta', 'second delta');
    sockets[0]!.socket.emit('devices.delta', 'first delta');
    expect(deltas).toEqual([
      ['second', 'second delta'],
      ['first', 'first delta'],
    ]);
  });

  it('says the session is over, for a wall, however the gateway said it', () => {
    const { live, sockets } = channel();
    const ended: unknown[] = [];
    live.ended$.subscribe((reason) => ended.push(reason));
    live.connect('token-1');
    sockets[0]!.socket.emit('session.ended', { reason: 'replaced' });
    // A reason this client does not know: over all the same (the app's sessionEnded$ drops it).
    sockets[0]!.socket.emit('session.ended', { reason: 'because' });
    sockets[0]!.socket.emit('connect_error', Object.assign(new Error('unauthorized'), { data: { reason: 'expired' } }));
    sockets[0]!.socket.emit('connect_error', new Error('unauthorized'));
    expect(ended).toEqual(['replaced', null, 'expired', null]);
  });
});
