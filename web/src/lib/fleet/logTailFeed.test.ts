import { LiveEvent } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { LiveConnection } from '../realtime';
import { LogTailFeed } from './logTailFeed';
import { fakeLiveSocket } from '../../testing/fakeLiveSocket';

describe('LogTailFeed', () => {
  it('follows the log once subscribed and hands on each batch of its environment, newest first', () => {
    const { socket, deliver, emitted } = fakeLiveSocket();
    const feed = new LogTailFeed(new LiveConnection(socket), 7);
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
