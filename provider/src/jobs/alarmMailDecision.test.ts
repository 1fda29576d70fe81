import { describe, expect, it } from 'vitest';
import { mailDecision, mayBeDue, type ReachedAlarm } from './alarmMail.js';

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

describe('the run’s early end (mayBeDue)', () => {
  it('says nothing can be due only when mailDecision would answer none, whatever the alarms', () => {
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    let skipped = 0;
    for (let round = 0; round < 2000; round += 1) {
      const reached = Array.from({ length: random(4) }, () => alarm(1 + random(3), T + random(7_200_000)));
      const state = { lastSentAt: T + random(7_200_000), toldUpTo: T + random(7_200_000) };
      const now = T + 3_600_000 + random(7_200_000);
      const latest = reached.length === 0 ? null : Math.max(...reached.map((each) => each.lastBreachAt));
      const row = { last_sent_at: state.lastSentAt, told_up_to: state.toldUpTo };
      if (!mayBeDue(row, latest, now, timing)) {
        skipped += 1;
        expect(mailDecision(reached, state, now, timing).kind, JSON.stringify({ reached, state, now })).toBe('none');
      }
    }
    // The early end is taken often enough for the check above to mean something.
    expect(skipped).toBeGreaterThan(100);
  });

  it('is due for a user never told, and for one told of less than the latest breach', () => {
    expect(mayBeDue(undefined, T, T + 1, timing)).toBe(true);
    expect(mayBeDue({ last_sent_at: T, told_up_to: T - 1 }, T, T + 1, timing)).toBe(true);
    expect(mayBeDue({ last_sent_at: T, told_up_to: T }, T, T + 1, timing)).toBe(false);
    expect(mayBeDue({ last_sent_at: T, told_up_to: T }, T, T + timing.repeatIntervalMs, timing)).toBe(true);
  });

  it('is never due for a user no open alarm reaches, not even for a reminder', () => {
    // Such a user (a child environment's manager, the root's alarms not his) made every run read every open alarm.
    expect(mayBeDue(undefined, null, T + timing.repeatIntervalMs * 10, timing)).toBe(false);
    expect(mayBeDue({ last_sent_at: 0, told_up_to: 0 }, null, T, timing)).toBe(false);
  });
});
