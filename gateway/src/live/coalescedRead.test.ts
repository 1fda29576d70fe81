import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoalescedRead } from './coalescedRead.js';

describe('CoalescedRead', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes a burst one read, reads once more for what came during it, and keeps the interval', async () => {
    let reads = 0;
    let finish: () => void = () => undefined;
    const read = new CoalescedRead(
      () => {
        reads += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      1000,
      () => Date.now(),
    );
    for (let i = 0; i < 50; i += 1) read.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    read.request();
    read.request();
    finish();
    await vi.advanceTimersByTimeAsync(999);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(2);
    finish();
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toBe(2);
  });

  it('survives a failed read and reads nothing once closed', async () => {
    let reads = 0;
    const read = new CoalescedRead(() => {
      reads += 1;
      return Promise.reject(new Error('upstream down'));
    }, 10);
    read.request();
    await vi.advanceTimersByTimeAsync(0);
    read.request();
    await vi.advanceTimersByTimeAsync(10);
    expect(reads).toBe(2);
    read.request();
    read.close();
    await vi.advanceTimersByTimeAsync(100);
    expect(reads).toBe(2);
  });
});
