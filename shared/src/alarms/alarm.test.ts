import { describe, expect, it } from 'vitest';
import { isAlarmEvent } from './alarm.js';

describe('alarm events', () => {
  it('knows the system log events that open, change or clear alarms', () => {
    expect(['threshold_minor', 'threshold_major', 'threshold_critical', 'back_to_safety'].map(isAlarmEvent)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['link_down', 'device_disconnected', 'threshold_normal', ''].map(isAlarmEvent)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
