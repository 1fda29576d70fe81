import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testLiveDevice } from '../../testing/deviceFixtures';
import { timelineChangeKey, useRefreshOnChange } from './useLiveDevice';

describe('the timeline following the live status', () => {
  afterEach(() => vi.useRealTimers());

  it('changes its key with the connection and the links, not with anything else', () => {
    const key = timelineChangeKey(testLiveDevice());
    expect(timelineChangeKey(testLiveDevice({ name: 'renamed', versions: { firmware: '5' } }))).toBe(key);
    expect(timelineChangeKey(testLiveDevice({ availability: 0 }))).not.toBe(key);
    expect(timelineChangeKey(testLiveDevice({ links: { cellular: { online: 2, total: 2 } } }))).not.toBe(key);
    expect(timelineChangeKey(null)).toBeNull();
  });

  it('refreshes once the change has rested, once for a burst, never for the first state or while off', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    const { rerender } = renderHook(({ key, enabled }) => useRefreshOnChange(key, enabled, refresh, 1000), {
      initialProps: { key: null as string | null, enabled: true },
    });
    rerender({ key: 'a', enabled: true });
    vi.advanceTimersByTime(5000);
    expect(refresh).not.toHaveBeenCalled();

    rerender({ key: 'b', enabled: true });
    vi.advanceTimersByTime(600);
    rerender({ key: 'c', enabled: true });
    vi.advanceTimersByTime(600);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(refresh).toHaveBeenCalledTimes(1);

    // A custom window in the past does not move with the live status.
    rerender({ key: 'd', enabled: false });
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
