import { describe, expect, it } from 'vitest';
import { Severity, type Alarm } from '@halo/shared';
import type { AlarmFilters } from './alarmFilters';
import { alarmMatches, compareAlarms, withLiveChanges } from './alarmLive';

const alarm = (id: number, overrides: Partial<Alarm> = {}): Alarm => ({
  id,
  environment_id: 1,
  device_id: id,
  device_name: `Device ${id}`,
  device_attribute_type: 1,
  severity: Severity.MAJOR,
  peak_severity: Severity.MAJOR,
  state: 'active',
  last_value: '80 °C',
  breach_count: 1,
  opened_at: `2026-11-27T10:00:${String(id).padStart(2, '0')}.000Z`,
  last_breach_at: '2026-11-27T10:00:00.000Z',
  cleared_at: null,
  acknowledged: false,
  acknowledged_by: null,
  acknowledged_at: null,
  acknowledgement_note: null,
  silenced: false,
  stale: false,
  revision: id,
  ...overrides,
});
const ALL: AlarmFilters = { state: null, severities: [], acknowledged: null, deviceName: '' };
const ACTIVE_UNACKNOWLEDGED: AlarmFilters = { ...ALL, state: 'active', acknowledged: false };
const changes = (...alarms: Alarm[]) => new Map(alarms.map((each) => [each.id, each]));

describe('the alarm list with live changes', () => {
  it('orders active first by severity then age, cleared after by the last cleared', () => {
    const list = [
      alarm(1, { state: 'cleared', cleared_at: '2026-11-27T11:00:00.000Z' }),
      alarm(2),
      alarm(3, { severity: Severity.CRITICAL }),
      alarm(4, { state: 'cleared', cleared_at: '2026-11-27T12:00:00.000Z' }),
      alarm(5),
    ].sort(compareAlarms);
    expect(list.map((each) => each.id)).toEqual([3, 2, 5, 4, 1]);
  });

  it('matches the filters as the provider does', () => {
    expect(alarmMatches({ ...ALL, deviceName: 'VICE 7' }, alarm(7))).toBe(true);
    expect(alarmMatches({ ...ALL, deviceName: 'other' }, alarm(7))).toBe(false);
    expect(alarmMatches({ ...ALL, severities: [Severity.CRITICAL] }, alarm(7))).toBe(false);
    expect(alarmMatches(ACTIVE_UNACKNOWLEDGED, alarm(7, { acknowledged: true }))).toBe(false);
    expect(alarmMatches(ACTIVE_UNACKNOWLEDGED, alarm(7, { state: 'cleared' }))).toBe(false);
  });

  it('inserts a new alarm in order, replaces a newer copy, drops one that leaves the filters, and counts', () => {
    const page = { alarms: [alarm(1), alarm(2)], total: 2, revision: 2 };
    const next = withLiveChanges(
      page,
      changes(alarm(3, { severity: Severity.CRITICAL }), alarm(2, { revision: 9, acknowledged: true })),
      ACTIVE_UNACKNOWLEDGED,
    );
    expect(next.alarms.map((each) => each.id)).toEqual([3, 1]);
    expect(next.total).toBe(2);
    // A change the page already reflects (its revision or older) changes nothing.
    expect(withLiveChanges(page, changes(alarm(1, { revision: 0, state: 'cleared' })), ALL)).toEqual(page);
    expect(withLiveChanges(page, changes(alarm(7, { revision: 2 })), ALL)).toEqual(page);
  });

  it('keeps a partial page within what is loaded, and counts newly opened alarms beyond it', () => {
    const page = { alarms: [alarm(1, { severity: Severity.CRITICAL }), alarm(2)], total: 50, revision: 29 };
    const next = withLiveChanges(page, changes(alarm(30), alarm(31, { severity: Severity.CRITICAL })), ALL);
    // 30 sorts after the last loaded (waits for "show more"), 31 sorts within.
    expect(next.alarms.map((each) => each.id)).toEqual([1, 31, 2]);
    expect(next.total).toBe(52);
    // A change to an alarm not loaded that is not new may already be counted: the total stays.
    expect(withLiveChanges(page, changes(alarm(40, { breach_count: 3 })), ALL).total).toBe(50);
    expect(withLiveChanges(page, changes(alarm(28, { severity: Severity.CRITICAL })), ALL).total).toBe(50);
  });
});
