import { describe, expect, it } from 'vitest';
import type { UpstreamStatusEvent } from '@halo/shared';
import { UpstreamStatusTracker } from './upstreamStatus.js';

describe('UpstreamStatusTracker', () => {
  it('goes degraded after one failure, down after three in a row, ok again after a success', () => {
    let now = 1_000;
    const tracker = new UpstreamStatusTracker(() => now);
    const changes: UpstreamStatusEvent[] = [];
    tracker.onChange((status) => changes.push(status));

    now = 2_000;
    tracker.recordSuccess();
    tracker.recordFailure();
    tracker.recordFailure();
    now = 3_000;
    tracker.recordFailure();
    tracker.recordFailure();
    now = 4_000;
    tracker.recordSuccess();

    expect(changes.map((change) => change.state)).toEqual(['degraded', 'down', 'ok']);
    expect(changes[1]).toEqual({
      state: 'down',
      since: new Date(3_000).toISOString(),
      lastGoodAt: new Date(2_000).toISOString(),
    });
    expect(tracker.snapshot().lastGoodAt).toBe(new Date(4_000).toISOString());
  });

  it('is down at once when the health probe fails', () => {
    const tracker = new UpstreamStatusTracker();
    tracker.markDown();
    expect(tracker.current).toBe('down');
    expect(tracker.snapshot().lastGoodAt).toBeNull();
  });
});
