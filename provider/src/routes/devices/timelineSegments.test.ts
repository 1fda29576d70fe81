import { describe, expect, it } from 'vitest';
import { segmentsOf, withinConnection } from './timelineSegments.js';

describe('timeline segments', () => {
  const window = { from: 100, to: 200, knownUntil: 200 };

  it('starts with the state in force at `from` and cuts at each change, equal neighbours merged', () => {
    expect(
      segmentsOf(
        1,
        [
          { at: 120, state: 0 },
          { at: 130, state: 0 },
          { at: 150, state: 1 },
        ],
        window,
      ),
    ).toEqual([
      { from: 100, to: 120, state: 1 },
      { from: 120, to: 150, state: 0 },
      { from: 150, to: 200, state: 1 },
    ]);
  });

  it('is unknown before the first change when nothing was before the window, and after what is known', () => {
    expect(segmentsOf(null, [{ at: 140, state: 1 }], { from: 100, to: 200, knownUntil: 170 })).toEqual([
      { from: 100, to: 140, state: null },
      { from: 140, to: 170, state: 1 },
      { from: 170, to: 200, state: null },
    ]);
    expect(segmentsOf(null, [], window)).toEqual([{ from: 100, to: 200, state: null }]);
  });

  it('lets a change at `from` replace the state before it and ignores changes outside the window', () => {
    expect(
      segmentsOf(
        0,
        [
          { at: 90, state: 1 },
          { at: 100, state: 1 },
          { at: 200, state: 0 },
        ],
        window,
      ),
    ).toEqual([{ from: 100, to: 200, state: 1 }]);
  });

  it('covers a window entirely in the future as unknown', () => {
    expect(segmentsOf(1, [], { from: 100, to: 200, knownUntil: 50 })).toEqual([{ from: 100, to: 200, state: null }]);
  });

  it('bounds a link by its device’s connection: down while not connected, unknown while the connection is', () => {
    const link = [
      { from: 100, to: 130, state: 1 as const },
      { from: 130, to: 200, state: null },
    ];
    const connection = [
      { from: 100, to: 110, state: null },
      { from: 110, to: 120, state: 1 as const },
      { from: 120, to: 150, state: 0 as const },
      { from: 150, to: 200, state: 1 as const },
    ];
    expect(withinConnection(link, connection)).toEqual([
      { from: 100, to: 110, state: null },
      { from: 110, to: 120, state: 1 },
      { from: 120, to: 150, state: 0 },
      { from: 150, to: 200, state: null },
    ]);
    expect(withinConnection([{ from: 100, to: 200, state: 0 }], [{ from: 100, to: 200, state: 0 }])).toEqual([
      { from: 100, to: 200, state: 0 },
    ]);
  });
});
