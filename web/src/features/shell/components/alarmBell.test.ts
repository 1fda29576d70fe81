import { unsilencedAlarmCounts, type AlarmCounts } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { BELL_DEFAULT_SEVERITY, bellBadge, bellCount, severitiesFrom } from './alarmBell';

const counts = (unacknowledged: AlarmCounts['unacknowledged']): AlarmCounts =>
  unsilencedAlarmCounts([0, 10, 20, 30], unacknowledged);

describe('the alarm bell', () => {
  it('counts the unacknowledged alarms at or above the severity, not the acknowledged ones', () => {
    const alarms = counts([0, 4, 2, 1]);
    expect(bellCount(alarms, 3)).toBe(1);
    expect(bellCount(alarms, 2)).toBe(3);
    expect(bellCount(alarms, 1)).toBe(7);
    expect(bellCount(alarms, 0)).toBe(7);
  });

  it('counts nothing without counts (no logs view, or none yet), and critical only by default', () => {
    expect(bellCount(undefined, 1)).toBe(0);
    expect(BELL_DEFAULT_SEVERITY).toBe(3);
    expect(bellCount(counts([0, 5, 5, 2]), BELL_DEFAULT_SEVERITY)).toBe(2);
  });

  it('shows no badge at 0, the count up to 99, then 99+', () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(1)).toBe('1');
    expect(bellBadge(99)).toBe('99');
    expect(bellBadge(100)).toBe('99+');
    expect(bellBadge(12_345)).toBe('99+');
  });

  it('asks the list for the severities from the user’s up to critical', () => {
    expect(severitiesFrom(3)).toEqual([3]);
    expect(severitiesFrom(1)).toEqual([1, 2, 3]);
    expect(severitiesFrom(0)).toEqual([0, 1, 2, 3]);
  });
});
