import { describe, expect, it } from 'vitest';
import { mailDecision, type ReachedAlarm } from './alarmMail.js';

const timing = { groupWaitMs: 30_000, groupIntervalMs: 300_000, repeatIntervalMs: 3_600_000 };
const alarm = (severity: number, lastBreachAt: number, deviceName = `device-${lastBreachAt}`): ReachedAlarm => ({
  environmentId: 1,
  deviceName,
  attributeType: 1,
  severity,
  value: '80 °C',
  lastBreachAt,
});
const T = 1_000_000_000;

describe('alarm mail decision (grouping as Alertmanager groups)', () => {
  it('waits the group wait after the first new alarm, then sends every new one, the worst first', () => {
    const reached = [alarm(1, T), alarm(3, T + 5000), alarm(2, T + 10_000)];
    const never = { lastSentAt: 0, toldUpTo: 0 };
    expect(mailDecision(reached, never, T + 29_999, timing).kind).toBe('none');
    const decision = mailDecision(reached, never, T + 30_000, timing);
    expect(decision.kind).toBe('update');
    expect(decision.kind === 'update' && decision.alarms.map((each) => each.severity)).toEqual([3, 2, 1]);
  });

  it('tells only what is new since, no sooner than the group interval after the last message', () => {
    const sent = { lastSentAt: T + 30_000, toldUpTo: T + 10_000 };
    const reached = [alarm(3, T + 5000), alarm(2, T + 40_000), alarm(3, T + 60_000, 'breached again')];
    expect(mailDecision(reached, sent, T + 30_000 + 299_999, timing).kind).toBe('none');
    const decision = mailDecision(reached, sent, T + 30_000 + 300_000, timing);
    expect(decision.kind === 'update' && decision.alarms.map((each) => each.deviceName)).toEqual([
      'breached again',
      `device-${T + 40_000}`,
    ]);
  });

  it('reminds while alarms stay open and nothing is new; says nothing when none reach the user', () => {
    const sent = { lastSentAt: T, toldUpTo: T };
    const reached = [alarm(3, T - 1000)];
    expect(mailDecision(reached, sent, T + 3_599_999, timing).kind).toBe('none');
    expect(mailDecision(reached, sent, T + 3_600_000, timing).kind).toBe('reminder');
    expect(mailDecision([], sent, T + 9_999_999, timing).kind).toBe('none');
  });
});
