import { LiveEvent, type FleetSummaryMessage, type LogsSystemEvent, type UpstreamStatusEvent } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { fakeLiveSocket } from '../../testing/fakeLiveSocket';
import { LiveConnection } from './liveConnection';

const counts = {
  total: 1,
  connected: 1,
  notConnected: 0,
  nonActivated: 0,
  unknown: 0,
  mainAppOnline: 1,
  mainAppOffline: 0,
  linksDegraded: 0,
};

describe('LiveConnection', () => {
  it('hands on valid events typed, and drops malformed ones', () => {
    const { socket, deliver } = fakeLiveSocket();
    const connection = new LiveConnection(socket, () => 9_000);
    const statuses: UpstreamStatusEvent[] = [];
    const summaries: FleetSummaryMessage[] = [];
    const logs: LogsSystemEvent[] = [];
    const clocks: unknown[] = [];
    connection.upstreamStatus$.subscribe((status) => statuses.push(status));
    connection.fleetSummary$.subscribe((summary) => summaries.push(summary));
    connection.systemLogs$.subscribe((batch) => logs.push(batch));
    connection.clock$.subscribe((clock) => clocks.push(clock));

    deliver(LiveEvent.UPSTREAM_STATUS, { state: 'sideways', since: 'x' });
    deliver(LiveEvent.UPSTREAM_STATUS, { state: 'down', since: '2026-11-25T10:00:00.000Z' });
    deliver(LiveEvent.FLEET_SUMMARY, { environmentId: 7, counts: 'broken' });
    deliver(LiveEvent.FLEET_SUMMARY, { environmentId: 7, counts });
    deliver(LiveEvent.LOGS_SYSTEM, { environmentId: 7, entries: 'none' });
    deliver(LiveEvent.LOGS_SYSTEM, { environmentId: 7, entries: [] });
    deliver(LiveEvent.CLOCK, { serverTime: 'not a time' });
    deliver(LiveEvent.CLOCK, 'garbage');
    deliver(LiveEvent.CLOCK, { serverTime: '2026-11-25T10:00:00.000Z' });

    expect(statuses).toEqual([{ state: 'down', since: '2026-11-25T10:00:00.000Z' }]);
    expect(summaries).toEqual([{ environmentId: 7, counts }]);
    expect(logs).toEqual([{ environmentId: 7, entries: [] }]);
    expect(clocks).toEqual([{ remoteTime: Date.parse('2026-11-25T10:00:00.000Z'), receivedAt: 9_000 }]);
  });

  it('says a session ended with its reason, or without one it does not know', () => {
    const { socket, deliver } = fakeLiveSocket();
    const connection = new LiveConnection(socket);
    const reasons: unknown[] = [];
    connection.sessionEnded$.subscribe((reason) => reasons.push(reason));
    deliver(LiveEvent.SESSION_ENDED, { reason: 'replaced' });
    deliver(LiveEvent.SESSION_ENDED, { reason: 'because' });
    expect(reasons).toEqual(['replaced', null]);
  });

  it('listens on the socket only while a stream is subscribed', () => {
    const { socket, deliver, handlers } = fakeLiveSocket();
    const connection = new LiveConnection(socket);
    const deltas: unknown[] = [];
    expect(handlers.get(LiveEvent.DEVICES_DELTA)?.size ?? 0).toBe(0);
    const subscription = connection.devicesDelta$.subscribe((delta) => deltas.push(delta));
    expect(handlers.get(LiveEvent.DEVICES_DELTA)?.size).toBe(1);
    deliver(LiveEvent.DEVICES_DELTA, { seq: 1 });
    subscription.unsubscribe();
    deliver(LiveEvent.DEVICES_DELTA, { seq: 2 });
    expect(deltas).toEqual([{ seq: 1 }]);
    expect(handlers.get(LiveEvent.DEVICES_DELTA)?.size).toBe(0);
  });

  it('sends subscriptions and passes on only acks that are acks', () => {
    const { socket, emitted, acks } = fakeLiveSocket();
    const connection = new LiveConnection(socket);
    const onAck = vi.fn();
    connection.subscribeDevices({ environmentId: 7, epoch: 'e', seq: 3 }, onAck);
    connection.subscribeSummary(7, onAck);
    connection.subscribeLogs(7, onAck);
    connection.unsubscribeDevices(7);
    connection.unsubscribeSummary(7);
    connection.unsubscribeLogs(7);
    expect(emitted).toEqual([
      { event: LiveEvent.DEVICES_SUBSCRIBE, payload: { environmentId: 7, epoch: 'e', seq: 3 } },
      { event: LiveEvent.SUMMARY_SUBSCRIBE, payload: { environmentId: 7 } },
      { event: LiveEvent.LOGS_SUBSCRIBE, payload: { environmentId: 7 } },
      { event: LiveEvent.DEVICES_UNSUBSCRIBE, payload: { environmentId: 7 } },
      { event: LiveEvent.SUMMARY_UNSUBSCRIBE, payload: { environmentId: 7 } },
      { event: LiveEvent.LOGS_UNSUBSCRIBE, payload: { environmentId: 7 } },
    ]);
    acks[0]?.({ ok: 'maybe' });
    acks[1]?.({ ok: false, error: 'forbidden' });
    acks[2]?.(undefined);
    expect(onAck.mock.calls).toEqual([[{ ok: false, error: 'forbidden' }]]);
  });

  it('tells connects and disconnects apart', () => {
    const { socket, deliver } = fakeLiveSocket(false);
    const connection = new LiveConnection(socket);
    const seen: string[] = [];
    connection.connects$.subscribe(() => seen.push('connect'));
    connection.disconnects$.subscribe(() => seen.push('disconnect'));
    expect(connection.connected).toBe(false);
    deliver('connect');
    deliver('disconnect', 'transport close');
    expect(seen).toEqual(['connect', 'disconnect']);
  });
});
