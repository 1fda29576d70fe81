import {
  LIVE_NAMESPACE,
  SessionEndReasonSchema,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
  type SessionEndReason,
} from '@halo/shared';
import { io, type Socket } from 'socket.io-client';

export type LiveSocket = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;

/** Opens the socket; swapped in tests. */
export type LiveSocketFactory = (token: string) => LiveSocket;

/** The one place the web client opens a socket to the gateway's `/live` namespace. */
export const openLiveSocket: LiveSocketFactory = (token) =>
  io(LIVE_NAMESPACE, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
  });

/**
 * Waits before opening a socket the gateway refused for now (its upstream not answering:
 * `serviceUnavailable`), by attempt: socket.io retries a lost connection by itself but not a
 * handshake the server refused, so without this a page would stay disconnected after the
 * provider restarted.
 */
export const REFUSED_RETRY_MS = [1000, 2000, 4000, 8000] as const;

/**
 * What every live socket of the app does with its connect errors: a token the gateway refused
 * (`unauthorized`) goes to `onUnauthorized` with the reason the upstream gave, if any; a
 * handshake refused for now is opened again after REFUSED_RETRY_MS (from the shortest again
 * once connected); a lost transport is socket.io's own to retry. Answers a function that stops
 * the retrying (the socket is being closed).
 */
export function handleConnectErrors(
  socket: LiveSocket,
  onUnauthorized: (reason: SessionEndReason | null) => void,
): () => void {
  let refusals = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  socket.on('connect', () => {
    refusals = 0;
  });
  socket.on('connect_error', (error: Error) => {
    if (/unauthori[sz]ed/i.test(error.message)) {
      const reason = SessionEndReasonSchema.safeParse((error as Error & { data?: { reason?: unknown } }).data?.reason);
      onUnauthorized(reason.success ? reason.data : null);
      return;
    }
    if (socket.active || timer !== null || stopped) return;
    const wait = REFUSED_RETRY_MS[Math.min(refusals, REFUSED_RETRY_MS.length - 1)] ?? 0;
    refusals += 1;
    timer = setTimeout(() => {
      timer = null;
      if (!stopped && !socket.connected) socket.connect();
    }, wait);
  });
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
