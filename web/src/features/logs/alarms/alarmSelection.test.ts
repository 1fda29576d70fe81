import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Alarm } from '@halo/shared';
import { useSelection } from './alarmSelection';

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
});
