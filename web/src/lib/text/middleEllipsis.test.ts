import { describe, expect, it } from 'vitest';
import { middleEllipsis } from './middleEllipsis';

/** Every character 7 px wide, the ellipsis too. */
const width = (text: string) => text.length * 7;

describe('middleEllipsis', () => {
  it('leaves a text that fits, or a room not measured yet, whole', () => {
    expect(middleEllipsis('sim-halo-000017', 15 * 7, width)).toBe('sim-halo-000017');
    expect(middleEllipsis('sim-halo-000017', 0, width)).toBe('sim-halo-000017');
  });

  it('cuts the middle and keeps the end whole, so names that differ at their end still differ', () => {
    const room = 12 * 7;
    const cut = ['sim-halo-000017', 'sim-halo-000018'].map((name) => middleEllipsis(name, room, width));
    expect(cut).toEqual(['sim-…-000017', 'sim-…-000018']);
    for (const text of cut) expect(width(text)).toBeLessThanOrEqual(room);
    // A short text keeps at most half of it at the end.
    expect(middleEllipsis('abcdefgh', 6 * 7, width)).toBe('a…efgh');
  });

  it('in a very narrow room gives up the start of the end last', () => {
    expect(middleEllipsis('sim-halo-000017', 9 * 7, width)).toBe('s…-000017');
    expect(middleEllipsis('sim-halo-000017', 8 * 7, width)).toBe('…-000017');
    expect(middleEllipsis('sim-halo-000017', 5 * 7, width)).toBe('…0017');
  });
});
