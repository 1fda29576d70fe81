import { describe, expect, it } from 'vitest';
import { worldBorders } from './worldBasemap';

describe('the world’s borders as line segments', () => {
  const segments = worldBorders();
  const count = segments.length / 4;
  const each = (
    check: (fromLongitude: number, fromLatitude: number, toLongitude: number, toLatitude: number) => boolean,
  ) => {
    for (let index = 0; index < count; index += 1) {
      const [a = 0, b = 0, c = 0, d = 0] = segments.subarray(index * 4, index * 4 + 4);
      if (!check(a, b, c, d)) return false;
    }
    return true;
  };

  it('holds the coastlines and borders of 1:110m, each once', () => {
    expect(segments.length % 4).toBe(0);
    expect(count).toBeGreaterThan(5000);
    // A border shared by two countries is one line: no segment is there twice, either way round.
    const seen = new Set<string>();
    const duplicated = !each((a, b, c, d) => {
      const key = a < c || (a === c && b <= d) ? `${a},${b},${c},${d}` : `${c},${d},${a},${b}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(duplicated).toBe(false);
  });

  it('has no segment across the world: those across the antimeridian end on it', () => {
    expect(each((a, _b, c) => Math.abs(c - a) <= 180)).toBe(true);
    // Fiji and Chukotka cross it: some segments end on it, from both sides.
    const ends = new Set<number>();
    each((a, _b, c) => {
      if (Math.abs(a) === 180) ends.add(a);
      if (Math.abs(c) === 180) ends.add(c);
      return true;
    });
    expect([...ends].sort()).toEqual([-180, 180]);
  });

  it('leaves out the cut along the antimeridian (no segment lies on it)', () => {
    expect(each((a, _b, c) => !(Math.abs(a) === 180 && Math.abs(c) === 180))).toBe(true);
  });
});
