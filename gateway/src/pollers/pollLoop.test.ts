import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollLoop } from './pollLoop.js';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A task whose runs take `durations` ms in turn (the last one for the rest), recording when each started. */
function timedTask(durations: number[]) {
  const starts: number[] = [];
  const task = () => {
    starts.push(Date.now());
    const took = durations[Math.min(starts.length - 1, durations.length - 1)] ?? 0;
    return new Promise<void>((resolve) => setTimeout(resolve, took));
  };
  return { starts, task };
}

describe('PollLoop', () => {
  it('starts each run an interval after the previous one started, however long it took', async () => {
    const { starts, task } = timedTask([300, 700, 100]);
    const loop = new PollLoop(task, (_result, tookMs) => 1000 - tookMs);
    const origin = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(3500);
    await loop.stop();
    expect(starts.map((at) => at - origin)).toEqual([0, 1000, 2000, 3000]);
  });

  it('starts the next run at once after one longer than the interval, never two at a time', async () => {
    const { starts, task } = timedTask([2500, 100]);
    const loop = new PollLoop(task, (_result, tookMs) => 1000 - tookMs);
    const origin = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(3000);
    await loop.stop();
    // At once: a timer of 0 ms, which Node counts as 1.
    expect(starts.map((at) => at - origin)).toEqual([0, 2501]);
  });

  it('starts nothing after stop, and stop waits for the run under way', async () => {
    const { starts, task } = timedTask([500]);
    const loop = new PollLoop(task, () => 0);
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    await stopping;
    await vi.advanceTimersByTimeAsync(2000);
    expect(starts).toHaveLength(1);
  });
});
