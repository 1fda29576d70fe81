import { describe, expect, it } from 'vitest';
import { matchesSystemLogFilters, readSystemLogFilters, systemLogQuery } from './systemLogFilter';

const entry = {
  id: 1,
  device_id: 7,
  device_name: 'North-Gate',
  device_attribute_type: 1,
  event_type: 'threshold_major',
  value: '76 °C',
  severity: 2,
  description: 'North-Gate: temperature 76 °C, major',
  log_time: '2026-11-25T10:00:00.000Z',
  is_alert: true,
};

describe('system log filters', () => {
  it('reads what the address holds, dropping what it cannot be, and asks the API the same', () => {
    const filters = readSystemLogFilters(
      new URLSearchParams('device=gate&devices=7,x,0&severities=2,9&types=1,99&alerts=1'),
    );
    expect(filters).toEqual({ deviceName: 'gate', deviceIds: [7], severities: [2], types: [1], alertsOnly: true });
    expect(systemLogQuery(filters)).toEqual({
      device_name: 'gate',
      device_ids: [7],
      severities: [2],
      device_attribute_types: [1],
      alerts_only: 'true',
    });
    expect(systemLogQuery(readSystemLogFilters(new URLSearchParams('')))).toEqual({});
  });

  it('lets a live entry in only when every filter would', () => {
    const none = readSystemLogFilters(new URLSearchParams(''));
    expect(matchesSystemLogFilters(entry, none)).toBe(true);
    expect(matchesSystemLogFilters(entry, { ...none, deviceName: 'GATE' })).toBe(true);
    expect(matchesSystemLogFilters(entry, { ...none, deviceName: 'south' })).toBe(false);
    expect(matchesSystemLogFilters(entry, { ...none, severities: [3] })).toBe(false);
    expect(matchesSystemLogFilters(entry, { ...none, types: [9] })).toBe(false);
    expect(matchesSystemLogFilters({ ...entry, is_alert: false }, { ...none, alertsOnly: true })).toBe(false);
    expect(matchesSystemLogFilters({ ...entry, device_id: null }, { ...none, deviceIds: [7] })).toBe(false);
  });
});
