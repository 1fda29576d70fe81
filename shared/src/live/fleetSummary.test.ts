import { describe, expect, it } from 'vitest';
import { unsilencedAlarmCounts } from '../alarms/alarm.js';
import type { SystemLogEntry } from '../logs/systemLog.js';
import type { DeviceLiveState } from './events.js';
import { ALERT_PROBLEM_WINDOW_MS, problemOf } from './fleetProblems.js';
import {
  applySummaryMessage,
  FleetSummaryMessageSchema,
  SUMMARY_ALERTS,
  SUMMARY_PROBLEMS,
  summaryReset,
  type FleetSummary,
} from './fleetSummary.js';
import { FleetSummaryState, summaryChanges } from './fleetSummaryState.js';

const device = (id: number, change: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id,
  name: `device-${id}`,
  pairing_id: `SN${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 0,
  links: { cellular: { online: 2, total: 2 } },
  ...change,
});

const NOW = Date.parse('2026-11-24T12:00:00Z');

const alert = (id: number, deviceId: number | null, severity: number, minutesAgo: number): SystemLogEntry => ({
  id,
  device_id: deviceId,
  device_name: deviceId === null ? null : `device-${deviceId}`,
  device_attribute_type: 1,
  event_type: 'threshold',
  value: '91',
  severity,
  description: `temperature alert ${id}`,
  log_time: new Date(NOW - minutesAgo * 60_000).toISOString(),
  is_alert: true,
});

function summaryOf(devices: DeviceLiveState[], alerts: SystemLogEntry[] = [], withAlerts = true): FleetSummary {
  const state = new FleetSummaryState();
  state.reset(devices);
  state.addAlerts(alerts);
  return state.summary(NOW, withAlerts);
}

describe('FleetSummaryState', () => {
  it('counts connection and main application status with the section 4 rules', () => {
    const { counts } = summaryOf([
      device(1),
      device(2, { availability: 0, main_app_status: 2 }),
      device(3, { is_activated: false, availability: 1 }),
      device(4, { availability: null }),
      device(5, { main_app_status: 2 }),
    ]);
    expect(counts).toEqual({
      total: 5,
      connected: 2,
      notConnected: 1,
      nonActivated: 1,
      unknown: 1,
      mainAppOnline: 1,
      mainAppOffline: 1,
      linksDegraded: 0,
    });
  });

  it('ranks problems by severity, then kind, then name, and says what is wrong', () => {
    const summary = summaryOf(
      [
        device(1, { name: 'b-links', links: { cellular: { online: 1, total: 2 } } }),
        device(2, { name: 'z-lost', availability: 0 }),
        device(3, { name: 'a-app', main_app_status: 2 }),
        device(4, { name: 'a-lost', availability: 0 }),
        device(5, { name: 'healthy' }),
        device(6, { name: 'dark', links: { cellular: { online: 0, total: 2 }, eth: { online: 0, total: 1 } } }),
        device(7, { name: 'hot' }),
        device(8, { name: 'warm' }),
        device(9, { name: 'old-news' }),
        device(10, { name: 'lost-and-hot', availability: 0 }),
      ],
      [alert(1, 7, 3, 2), alert(2, 8, 1, 1), alert(3, 9, 3, 60), alert(4, 10, 2, 1), alert(5, 5, 0, 1)],
    );
    expect(summary.problems.map((problem) => `${problem.severity}:${problem.kind}:${problem.name}`)).toEqual([
      '3:notConnected:a-lost',
      '3:notConnected:lost-and-hot',
      '3:notConnected:z-lost',
      '3:alert:hot',
      '2:mainAppOffline:a-app',
      '2:allLinksDown:dark',
      '1:alert:warm',
    ]);
    expect(summary.problemCount).toBe(7);
    // hot and warm are problems by their alerts alone; lost-and-hot is one by its state too.
    expect(summary.alertOnlyCount).toBe(2);
    expect(summary.problems.find((problem) => problem.name === 'dark')?.links).toEqual({ online: 0, total: 3 });
    expect(summary.problems.find((problem) => problem.name === 'hot')?.alert?.description).toBe('temperature alert 1');
    // Some links down is counted, not listed.
    expect(summary.counts.linksDegraded).toBe(1);
    expect(summary.alerts.map((entry) => entry.id)).toEqual([5, 4, 2, 1, 3]);
  });

  it('leaves alerts and alert problems out for a session that may not view logs', () => {
    const summary = summaryOf([device(1), device(2, { availability: 0 })], [alert(1, 1, 3, 1)], false);
    expect(summary.problems.map((problem) => problem.kind)).toEqual(['notConnected']);
    expect(summary.alerts).toEqual([]);
    expect(summary.alertOnlyCount).toBeUndefined();
  });

  it('lists the worst few and counts them all', () => {
    const fleet = Array.from({ length: 40 }, (_, index) => device(index + 1, { availability: 0 }));
    const summary = summaryOf(fleet);
    expect(summary.problemCount).toBe(40);
    expect(summary.problems).toHaveLength(SUMMARY_PROBLEMS);
    // Names compare as numbers where they hold numbers: device-2 before device-10.
    expect(summary.problems.slice(0, 3).map((problem) => problem.name)).toEqual(['device-1', 'device-2', 'device-3']);
  });

  it('does not call a disabled or never-activated device a problem, nor alert about a disabled one', () => {
    expect(problemOf(device(1, { is_enabled: false, availability: 0 }))).toBeNull();
    expect(problemOf(device(2, { is_activated: false, availability: 0 }))).toBeNull();
    expect(summaryOf([device(3, { is_enabled: false })], [alert(1, 3, 3, 1)]).problems).toEqual([]);
  });

  it('drops an alert problem once it is older than the window', () => {
    const state = new FleetSummaryState();
    state.reset([device(1)]);
    state.addAlerts([alert(1, 1, 2, 10)]);
    expect(state.summary(NOW, true).problems).toHaveLength(1);
    expect(state.nextAlertExpiry(NOW)).toBe(NOW + 5 * 60_000);
    expect(state.summary(NOW + 6 * 60_000, true).problems).toEqual([]);
    expect(state.nextAlertExpiry(NOW + 6 * 60_000)).toBeNull();
  });

  it('keeps, change by change, what a summary of the whole fleet would say', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const randomDevice = (id: number) =>
      device(id, {
        name: `n-${Math.floor(random() * 50)}`,
        availability: random() < 0.2 ? 0 : random() < 0.05 ? null : 1,
        is_activated: random() > 0.05,
        is_enabled: random() > 0.05,
        main_app_status: random() < 0.1 ? 2 : random() < 0.1 ? 0 : 1,
        links: { cellular: { online: Math.floor(random() * 3), total: 2 } },
      });
    const fleet = new Map<number, DeviceLiveState>();
    for (let id = 1; id <= 300; id += 1) fleet.set(id, randomDevice(id));
    const incremental = new FleetSummaryState();
    incremental.reset(fleet.values());
    const alerts: SystemLogEntry[] = [];
    for (let round = 0; round < 50; round += 1) {
      const changed: DeviceLiveState[] = [];
      const removed: number[] = [];
      const touched = new Set<number>();
      for (let step = 0; step < 20; step += 1) {
        const id = 1 + Math.floor(random() * 320);
        // A delta names a device once, changed or removed.
        if (touched.has(id)) continue;
        touched.add(id);
        if (random() < 0.1) {
          fleet.delete(id);
          removed.push(id);
        } else {
          const next = randomDevice(id);
          fleet.set(id, next);
          changed.push(next);
        }
      }
      incremental.update(changed, removed);
      const fresh = [alert(1000 + round, 1 + Math.floor(random() * 320), Math.floor(random() * 4), random() * 20)];
      alerts.push(...fresh);
      incremental.addAlerts(fresh);
      expect(incremental.summary(NOW, true)).toEqual(summaryOf([...fleet.values()], alerts));
    }
  });
});

describe('summary messages', () => {
  it('carry only what changed, and a client applying them holds what the gateway has', () => {
    const state = new FleetSummaryState();
    state.reset([device(1), device(2)]);
    let sent = state.summary(NOW, true);
    let held = applySummaryMessage(null, summaryReset(3, sent));
    expect(held).toEqual(sent);
    expect(summaryChanges(3, sent, state.summary(NOW, true))).toBeNull();

    state.update([device(2, { availability: 0 })], []);
    const problemsChanged = summaryChanges(3, sent, state.summary(NOW, true));
    expect(Object.keys(problemsChanged ?? {}).sort()).toEqual([
      'counts',
      'environmentId',
      'problemCount',
      'problemOrder',
      'problemsChanged',
    ]);
    // Only the counts that moved.
    expect(problemsChanged?.counts).toEqual({ connected: 1, notConnected: 1, mainAppOnline: 1 });
    sent = state.summary(NOW, true);
    held = applySummaryMessage(held, FleetSummaryMessageSchema.parse(problemsChanged));
    expect(held).toEqual(sent);

    for (let id = 1; id <= SUMMARY_ALERTS + 3; id += 1) state.addAlerts([alert(id, 1, 1, 1 - id / 100)]);
    const alertsAdded = summaryChanges(3, sent, state.summary(NOW, true));
    expect(alertsAdded?.alerts).toHaveLength(SUMMARY_ALERTS);
    expect(alertsAdded?.counts).toBeUndefined();
    held = applySummaryMessage(held, FleetSummaryMessageSchema.parse(alertsAdded));
    expect(held).toEqual(state.summary(NOW, true));
    // Device 1 needs attention by its alerts alone, until they are older than the window.
    expect(held?.alertOnlyCount).toBe(1);
    const later = NOW + ALERT_PROBLEM_WINDOW_MS + 60_000;
    const expired = summaryChanges(3, state.summary(NOW, true), state.summary(later, true));
    expect(expired?.alertOnlyCount).toBe(0);
    held = applySummaryMessage(held, FleetSummaryMessageSchema.parse(expired));
    expect(held).toEqual(state.summary(later, true));
    expect(held?.alertOnlyCount).toBeUndefined();
  });

  it('carry the newest few of an alert storm, and not the skipped ones later', () => {
    const state = new FleetSummaryState();
    state.reset([device(1)]);
    const sent = state.summary(NOW, true);
    state.addAlerts(Array.from({ length: 10 }, (_, index) => alert(index + 1, 1, 1, 1 - index / 100)));
    const storm = state.summary(NOW, true);
    expect(summaryChanges(3, sent, storm, 4)?.alerts?.map((entry) => entry.id)).toEqual([10, 9, 8, 7]);
    state.addAlerts([alert(11, 1, 1, 0)]);
    expect(summaryChanges(3, storm, state.summary(NOW, true), 4)?.alerts?.map((entry) => entry.id)).toEqual([11]);
  });

  it('send a problem the client holds by its id only, and the new ones whole', () => {
    const state = new FleetSummaryState();
    state.reset([device(1, { availability: 0 }), device(2, { availability: 0 }), device(3)]);
    const sent = state.summary(NOW, true);
    state.update([device(3, { name: 'device-0', availability: 0 })], []);
    const change = summaryChanges(3, sent, state.summary(NOW, true));
    expect(change?.problemOrder).toEqual([3, 1, 2]);
    expect(change?.problemsChanged?.map((problem) => problem.id)).toEqual([3]);
    expect(applySummaryMessage(applySummaryMessage(null, summaryReset(3, sent)), change!)).toEqual(
      state.summary(NOW, true),
    );
  });

  it('are ignored until a whole summary arrived, and refused when they do not add up', () => {
    expect(applySummaryMessage(null, { environmentId: 3, problemCount: 4 })).toBeNull();
    const held = applySummaryMessage(null, summaryReset(3, summaryOf([device(1)])));
    expect(applySummaryMessage(held, { environmentId: 3, problemOrder: [9] })).toBeNull();
    expect(applySummaryMessage(null, { environmentId: 3, reset: true, counts: { total: 1 } })).toBeNull();
  });
});

describe('alarm counts in the summary', () => {
  const counts = (critical: number) => ({
    ...unsilencedAlarmCounts([0, 1, 0, critical], [0, 1, 0, critical]),
  });

  it('go to the audience with logs view only, and a message carries them only when they changed', () => {
    const state = new FleetSummaryState();
    state.reset([device(1)]);
    expect(state.summary(NOW, true).alarms).toBeUndefined();
    expect(state.setAlarmCounts(counts(2))).toBe(true);
    expect(state.setAlarmCounts(counts(2))).toBe(false);
    const first = state.summary(NOW, true);
    expect(first.alarms).toEqual(counts(2));
    expect(state.summary(NOW, false).alarms).toBeUndefined();

    const held = applySummaryMessage(null, summaryReset(7, first));
    expect(held?.alarms).toEqual(counts(2));
    state.update([device(1, { name: 'renamed' })], []);
    const unchanged = summaryChanges(7, first, state.summary(NOW, true));
    expect(unchanged).toBeNull();

    state.setAlarmCounts(counts(5));
    const next = state.summary(NOW, true);
    const message = summaryChanges(7, first, next);
    expect(message).toEqual({ environmentId: 7, alarms: counts(5) });
    expect(FleetSummaryMessageSchema.parse(message)).toEqual(message);
    expect(applySummaryMessage(held, message as NonNullable<typeof message>)?.alarms).toEqual(counts(5));
    // A later message about something else keeps what is held.
    expect(applySummaryMessage(held, { environmentId: 7, problemCount: 0 })?.alarms).toEqual(counts(2));
  });
});
