import type { LiveSocket } from '../lib/realtime';

type Handler = (...args: unknown[]) => void;

/**
 * A socket double for the live feeds' tests: records what is emitted (and the acks asked
 * for), and lets the test deliver what the gateway would send.
 */
export function fakeLiveSocket(connected = true) {
  const handlers = new Map<string, Set<Handler>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const acks: ((answer: unknown) => void)[] = [];
  const socket = {
    connected,
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return socket;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
      emitted.push({ event, payload });
      if (ack) acks.push(ack);
      return socket;
    },
  };
  const deliver = (event: string, payload?: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  };
  return { socket: socket as unknown as LiveSocket, emitted, acks, deliver, handlers };
}
