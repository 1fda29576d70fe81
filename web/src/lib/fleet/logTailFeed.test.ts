import { LiveEvent } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import type { LiveSocket } from '../realtime';
import { LogTailFeed } from './logTailFeed';

type Handler = (...args: unknown[]) => void;

function fakeSocket() {
  const handlers = new Map<string, Set<Handler>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socket = {
    connected: true,
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return socket;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit(event: string, payload: unknown) {
      emitted.push({ event, payload });
      return socket;
    },
  };
  const deliver = (event: string, payload?: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  };
  return { socket: socket as unknown as LiveSocket, emitted, deliver };
}

describe('LogTailFeed', () => {
  it('follows the log once subscribed and hands on each batch of its environment, newest first', () => {
    const { socket, deliver, emitted } = fakeSocket();
    const feed = new LogTailFeed(socket, 7);
    const tail: number[][] = [];
    feed.entries$.subscribe((entries) => tail.push(entries.map((entry) => entry.id)));
    const entry = (id: number, isAlert: boolean) => ({
      id,
      device_id: 1,
      device_name: 'd1',
      device_attribute_type: 1,
      event_type: isAlert ? 'threshold_major' : 'link_up',
      value: '1',
      severity: isAlert ? 2 : 0,
      description: `entry ${id}`,
      log_time: `2026-11-25T10:00:0${id}.000Z`,
      is_alert: isAlert,
    });
    deliver(LiveEvent.LOGS_SYSTEM, { environmentId: 7, entries: [entry(1, false), entry(2, true)] });
    deliver(LiveEvent.LOGS_SYSTEM, { environmentId: 8, entries: [entry(3, true)] });
    deliver(LiveEvent.LOGS_SYSTEM, { environmentId: 7, entries: [entry(4, false)] });
    deliver(LiveEvent.LOGS_SYSTEM, { environmentId: 7, entries: [{ ...entry(5, true), is_alert: 'yes' }] });
    expect(tail).toEqual([[2, 1], [4]]);
    feed.close();
    expect(emitted.map((entry) => entry.event)).toEqual([LiveEvent.LOGS_SUBSCRIBE, LiveEvent.LOGS_UNSUBSCRIBE]);
  });
});
