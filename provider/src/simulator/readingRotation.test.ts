import { describe, expect, it } from 'vitest';
import { createReadingRotation } from './readingRotation.js';

const fleetOf = (size: number) => Array.from({ length: size }, (_, index) => index + 1);

describe('createReadingRotation', () => {
  it('reads the whole of a small fleet every tick', () => {
    const read = createReadingRotation(10);
    const fleet = fleetOf(10);
    expect(read(fleet, [])).toEqual(fleet);
    expect(read(fleet, [3])).toEqual(fleet);
  });

  it('reads every device of a larger fleet within ceil(fleet / perTick) ticks, and the changed ones at once', () => {
    const read = createReadingRotation(10);
    const fleet = fleetOf(35);
    const seen = new Set<number>();
    for (let tick = 0; tick < 4; tick += 1) {
      const picked = read(fleet, [35]);
      expect(picked).toContain(35);
      expect(picked.length).toBeLessThanOrEqual(11);
      for (const device of picked) seen.add(device);
    }
    expect(seen.size).toBe(35);
  });

  it('goes round again after the end of the fleet', () => {
    const read = createReadingRotation(4);
    const fleet = fleetOf(6);
    expect(read(fleet, [])).toEqual([1, 2, 3, 4]);
    expect(read(fleet, [])).toEqual([5, 6, 1, 2]);
    expect(read(fleet, [])).toEqual([3, 4, 5, 6]);
  });
});
