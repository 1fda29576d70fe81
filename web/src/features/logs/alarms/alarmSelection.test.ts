import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Alarm } from '@halo/shared';
import { isAlarmEvent, useSelection } from './alarmSelection';

const alarm = (id: number) => ({ id }) as Alarm;

describe('alarm selection', () => {
  it('ticks one, a range with shift, all shown, and drops what leaves the list or the view', () => {
    const alarms = [1, 2, 3, 4, 5, 6].map(alarm);
    const { result, rerender } = renderHook(({ list, view }) => useSelection(list, view), {
      initialProps: { list: alarms, view: 'a' },
    });
    act(() => result.current.toggle(2, true, false));
    act(() => result.current.toggle(5, true, true));
    expect([...result.current.selected].sort()).toEqual([2, 3, 4, 5]);
    act(() => result.current.toggle(3, false, false));
    expect([...result.current.selected].sort()).toEqual([2, 4, 5]);
    rerender({ list: alarms.filter((each) => each.id !== 4), view: 'a' });
    expect([...result.current.selected].sort()).toEqual([2, 5]);
    act(() => result.current.toggleAll(true));
    expect(result.current.allShown).toBe(true);
    rerender({ list: alarms, view: 'b' });
    expect(result.current.selected.size).toBe(0);
  });

  it('knows the system log events that touch alarms', () => {
    expect(
      ['threshold_minor', 'threshold_critical', 'back_to_safety'].map((event_type) => isAlarmEvent({ event_type })),
    ).toEqual([true, true, true]);
    expect(isAlarmEvent({ event_type: 'link_down' })).toBe(false);
  });
});
