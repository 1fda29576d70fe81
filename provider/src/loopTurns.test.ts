import { describe, expect, it } from 'vitest';
import { forEachPacedSlice, forEachSlice, inBatchesUntilDone, inTurns } from './loopTurns.js';

describe('loop turns', () => {
  it('lets other work run between two slices, not within one', async () => {
    const seen: string[] = [];
    // Another request's callback, queued while the first slice runs.
    await forEachSlice([1, 2, 3, 4, 5], 2, (slice) => {
      seen.push(slice.join(''));
      if (slice[0] === 1) setImmediate(() => seen.push('other'));
    });
    expect(seen).toEqual(['12', 'other', '34', '5']);
  });

  it('shapes every row once, in order, in one call when they fit one turn', async () => {
    const calls: number[] = [];
    const double = (slice: readonly number[]) => {
      calls.push(slice.length);
      return slice.map((value) => value * 2);
    };
    expect(await inTurns([1, 2, 3, 4, 5], 2, double)).toEqual([2, 4, 6, 8, 10]);
    expect(calls).toEqual([2, 2, 1]);
    calls.length = 0;
    expect(await inTurns([1, 2], 2, double)).toEqual([2, 4]);
    expect(calls).toEqual([2]);
  });

  it('repeats a bounded batch until one does less than its size, other work between two batches', async () => {
    const seen: string[] = [];
    let left = 5;
    const total = await inBatchesUntilDone(2, () => {
      const done = Math.min(2, left);
      left -= done;
      seen.push(`batch ${done}`);
      setImmediate(() => seen.push('other'));
      return Promise.resolve(done);
    });
    expect(total).toBe(5);
    expect(seen.slice(0, 5)).toEqual(['batch 2', 'other', 'batch 2', 'other', 'batch 1']);
  });

  it('sizes paced slices to take about their aim, within their bounds, other work between two', async () => {
    let now = 0;
    const sizes: number[] = [];
    const seen: string[] = [];
    // Each item costs 0.5 ms, then 2 ms from the 300th on (the store got busy).
    const items = Array.from({ length: 1000 }, (_, index) => index);
    await forEachPacedSlice(
      items,
      { aimMs: 10, first: 5, fewest: 2, most: 40 },
      (slice) => {
        sizes.push(slice.length);
        now += slice.reduce((cost, item) => cost + (item < 300 ? 0.5 : 2), 0);
        setImmediate(() => seen.push('other'));
        seen.push('slice');
      },
      () => now,
    );
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(1000);
    // Grows at most twofold (5, 10, 20) to what fits the aim (20 at 0.5 ms), never past `most`.
    expect(sizes.slice(0, 4)).toEqual([5, 10, 20, 20]);
    // Once items cost 2 ms, a slice is cut at once to what fits: 5.
    expect(sizes.at(-2)).toBe(5);
    expect(seen.slice(0, 4)).toEqual(['slice', 'other', 'slice', 'other']);
  });
});
