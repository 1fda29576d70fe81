import { LiveEvent, type FleetSummary } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import type { FleetFeedState } from './liveSubscription';
import { LiveConnection } from '../realtime';
import { SummaryFeed } from './summaryFeed';
import { fakeLiveSocket } from '../../testing/fakeLiveSocket';

const counts = (connected: number) => ({
  total: 3,
  connected,
  notConnected: 3 - connected,
  nonActivated: 0,
  unknown: 0,
  mainAppOnline: connected,
  mainAppOffline: 0,
  linksDegraded: 0,
});
const alert = (id: number) => ({
  id,
  device_id: 1,
  device_name: 'd1',
  device_attribute_type: 1,
  event_type: 'threshold_major',
  value: '80 °C',
  severity: 2,
  description: `alert ${id}`,
  log_time: `2026-11-25T10:00:0${id}.000Z`,
});

describe('SummaryFeed', () => {
  it('subscribes, takes a whole summary, then applies the changes of its environment only', () => {
    const { socket, emitted, acks, deliver } = fakeLiveSocket();
    const feed = new SummaryFeed(new LiveConnection(socket), 7);
    const summaries: (FleetSummary | null)[] = [];
    const states: FleetFeedState[] = [];
    feed.summary$.subscribe((summary) => summaries.push(summary));
    feed.state$.subscribe((state) => states.push(state));
    expect(emitted).toEqual([{ event: LiveEvent.SUMMARY_SUBSCRIBE, payload: { environmentId: 7 } }]);
    acks[0]?.({ ok: true });
    // A change before any whole summary means nothing yet.
    deliver(LiveEvent.FLEET_SUMMARY, { environmentId: 7, counts: counts(1) });
    deliver(LiveEvent.FLEET_SUMMARY, {
      environmentId: 7,
      reset: true,
      counts: counts(3),
      problems: [],
      problemCount: 0,
      alerts: [alert(1)],
    });
    deliver(LiveEvent.FLEET_SUMMARY, { environmentId: 8, counts: counts(0) });
    deliver(LiveEvent.FLEET_SUMMARY, { environmentId: 7, counts: counts(2), alerts: [alert(2)] });
    deliver(LiveEvent.FLEET_SUMMARY, { environmentId: 7, counts: 'broken' });
    expect(summaries.at(-1)?.counts.connected).toBe(2);
    expect(summaries.at(-1)?.alerts.map((entry) => entry.id)).toEqual([2, 1]);
    expect(summaries.filter((summary) => summary !== null)).toHaveLength(2);
    expect(states.at(-1)).toEqual({ kind: 'live' });
    feed.close();
    expect(emitted.at(-1)).toEqual({ event: LiveEvent.SUMMARY_UNSUBSCRIBE, payload: { environmentId: 7 } });
  });

  it('is not live while the socket is off the gateway, and live again with the whole summary after it', () => {
    const { socket, emitted, acks, deliver } = fakeLiveSocket();
    const feed = new SummaryFeed(new LiveConnection(socket), 7);
    const states: string[] = [];
    feed.state$.subscribe((state) => states.push(state.kind));
    acks[0]?.({ ok: true });
    const whole = { environmentId: 7, reset: true, counts: counts(3), problems: [], problemCount: 0, alerts: [] };
    deliver(LiveEvent.FLEET_SUMMARY, whole);
    deliver('disconnect', 'transport close');
    expect(states).toEqual(['connecting', 'live', 'connecting']);
    deliver('connect');
    expect(emitted.filter((entry) => entry.event === LiveEvent.SUMMARY_SUBSCRIBE)).toHaveLength(2);
    acks[1]?.({ ok: true });
    deliver(LiveEvent.FLEET_SUMMARY, { ...whole, counts: counts(1) });
    expect(states.at(-1)).toBe('live');
    feed.close();
  });

  it('shows a refusal, and asks again after a pause only when the gateway says not now', () => {
    vi.useFakeTimers();
    try {
      const { socket, emitted, acks } = fakeLiveSocket();
      const feed = new SummaryFeed(new LiveConnection(socket), 7, { retryMs: 1000 });
      const states: FleetFeedState[] = [];
      feed.state$.subscribe((state) => states.push(state));
      acks[0]?.({ ok: false, error: 'tooManyRequests' });
      vi.advanceTimersByTime(1000);
      acks[1]?.({ ok: false, error: 'forbidden' });
      vi.advanceTimersByTime(5000);
      expect(emitted.filter((entry) => entry.event === LiveEvent.SUMMARY_SUBSCRIBE)).toHaveLength(2);
      expect(states.at(-1)).toEqual({ kind: 'refused', error: 'forbidden' });
      feed.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
