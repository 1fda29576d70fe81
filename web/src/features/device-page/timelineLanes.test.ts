import type { DeviceTimeline, SystemLogEntry } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { emptyTimeline as emptyFixture, testAlarm } from '../../testing/deviceFixtures';
import { bandsOf, hasHistory, readingPoints, timeTicks, timelineEvents, timelineLanes } from './timelineLanes';

const HOUR = 3_600_000;
const FROM = Date.parse('2026-11-26T00:00:00Z');
const TO = FROM + 10 * HOUR;

const emptyTimeline = () => emptyFixture(FROM, TO);

const log = (id: number, at: number, severity = 1): SystemLogEntry => ({
  id,
  device_id: 7,
  device_name: 'gate',
  device_attribute_type: 1,
  event_type: 'link_down',
  value: null,
  severity,
  description: `event ${id}`,
  log_time: new Date(at).toISOString(),
  is_alert: false,
});

const alarm = (id: number, openedAt: number) => testAlarm(id, openedAt);

describe('segments to lane bands', () => {
  it('places each segment on the window, the gaps unknown, neighbours in one state merged', () => {
    const bands = bandsOf(
      [
        { from: FROM + 2 * HOUR, to: FROM + 4 * HOUR, state: 1 },
        { from: FROM + 4 * HOUR, to: FROM + 5 * HOUR, state: 1 },
        { from: FROM + 5 * HOUR, to: FROM + 6 * HOUR, state: 0 },
        { from: FROM + 8 * HOUR, to: FROM + 9 * HOUR, state: null },
      ],
      FROM,
      TO,
    );
    expect(bands.map((band) => [band.state, band.start, band.width])).toEqual([
      ['unknown', 0, 0.2],
      ['up', 0.2, 0.3],
      ['down', 0.5, 0.1],
      ['unknown', 0.6, 0.4],
    ]);
  });

  it('cuts segments to the window and reads them in time order, whatever order they came in', () => {
    const bands = bandsOf(
      [
        { from: FROM + 9 * HOUR, to: TO + 5 * HOUR, state: 0 },
        { from: FROM - 5 * HOUR, to: FROM + 9 * HOUR, state: 1 },
      ],
      FROM,
      TO,
    );
    expect(bands).toEqual([
      { from: FROM, to: FROM + 9 * HOUR, state: 'up', start: 0, width: 0.9 },
      { from: FROM + 9 * HOUR, to: TO, state: 'down', start: 0.9, width: expect.closeTo(0.1, 10) as number },
    ]);
  });

  it('shows a window with nothing recorded as one unknown band, and no band for an empty window', () => {
    expect(bandsOf([], FROM, TO)).toEqual([{ from: FROM, to: TO, state: 'unknown', start: 0, width: 1 }]);
    expect(bandsOf([{ from: FROM, to: TO, state: 1 }], TO, TO)).toEqual([]);
  });

  it('makes the connection lane first, then one lane per link by interface kind and key', () => {
    const timeline: DeviceTimeline = {
      ...emptyTimeline(),
      connection: [{ from: FROM, to: TO, state: 1 }],
      links: [
        { key: 'eth:0', kind: 'eth', name: 'eth0', segments: [] },
        { key: 'cellular:10', kind: 'cellular', name: null, segments: [] },
        { key: 'cellular:2', kind: 'cellular', name: 'modem-2', segments: [{ from: FROM, to: TO, state: 0 }] },
      ],
    };
    const lanes = timelineLanes(timeline);
    expect(lanes.map((lane) => lane.key)).toEqual(['connection', 'cellular:2', 'cellular:10', 'eth:0']);
    expect(lanes[0]?.bands.map((band) => band.state)).toEqual(['up']);
    expect(lanes[1]).toMatchObject({ kind: 'cellular', name: 'modem-2', bands: [{ state: 'down', width: 1 }] });
  });
});

describe('events and readings of a timeline', () => {
  it('lists log entries and alarms newest first, an alarm opened before the window at its start', () => {
    const timeline: DeviceTimeline = {
      ...emptyTimeline(),
      logs: [log(2, FROM + 5 * HOUR, 2), log(1, FROM + HOUR)],
      alarms: [alarm(9, FROM - HOUR), alarm(8, FROM + 7 * HOUR)],
    };
    const events = timelineEvents(timeline);
    expect(events.map((event) => `${event.kind}:${event.id}`)).toEqual(['alarm:8', 'log:2', 'log:1', 'alarm:9']);
    expect(events.map((event) => event.position)).toEqual([0.7, 0.5, 0.1, 0]);
    // An alarm shows at the worst severity it reached.
    expect(events[0]?.severity).toBe(3);
  });

  it('turns the readings columns into chart points, a missing value null', () => {
    const timeline: DeviceTimeline = {
      ...emptyTimeline(),
      readings: { time: [FROM, FROM + HOUR], signal: [-80, null], temperature: [41.5, 42] },
    };
    expect(readingPoints(timeline)).toEqual([
      { time: FROM, signal: -80, temperature: 41.5 },
      { time: FROM + HOUR, signal: null, temperature: 42 },
    ]);
  });

  it('tells a window with no history from one with some', () => {
    expect(hasHistory(emptyTimeline())).toBe(false);
    expect(hasHistory({ ...emptyTimeline(), connection: [{ from: FROM, to: TO, state: null }] })).toBe(false);
    expect(hasHistory({ ...emptyTimeline(), connection: [{ from: FROM, to: TO, state: 0 }] })).toBe(true);
    expect(hasHistory({ ...emptyTimeline(), logs: [log(1, FROM)] })).toBe(true);
  });
});

describe('the time axis', () => {
  it('ticks round UTC hours within a day and days beyond, at most eight', () => {
    const day = timeTicks(FROM + 30 * 60_000, FROM + 24 * HOUR + 30 * 60_000, 'UTC');
    expect(day.map((tick) => tick.label)).toEqual([
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
      '00:00',
    ]);
    const week = timeTicks(FROM, FROM + 7 * 24 * HOUR, 'UTC');
    expect(week.map((tick) => tick.label)).toEqual([
      '26 Nov',
      '27 Nov',
      '28 Nov',
      '29 Nov',
      '30 Nov',
      '1 Dec',
      '2 Dec',
    ]);
    expect(week[1]?.position).toBeCloseTo(1 / 7);
    expect(timeTicks(TO, FROM, 'UTC')).toEqual([]);
  });

  it("ticks at the reader's midnights and whole hours (issue 39, item 15)", () => {
    const week = timeTicks(FROM, FROM + 7 * 24 * HOUR, 'Asia/Kolkata');
    expect(week[0]?.label).toBe('27 Nov');
    expect(new Date(week[0]!.time).toISOString()).toBe('2026-11-26T18:30:00.000Z');
    const day = timeTicks(FROM, FROM + 24 * HOUR, 'Asia/Kolkata');
    expect(day.every((tick) => tick.label.endsWith(':00'))).toBe(true);
  });

  it('keeps its ticks in order across a change of offset (Europe/Berlin, 2026-10-25)', () => {
    const from = Date.parse('2026-10-24T12:00:00Z');
    const ticks = timeTicks(from, from + 24 * HOUR, 'Europe/Berlin');
    const times = ticks.map((tick) => tick.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(ticks.map((tick) => tick.label)).toContain('00:00');
  });
});
