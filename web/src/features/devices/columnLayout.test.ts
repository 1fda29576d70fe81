import { describe, expect, it } from 'vitest';
import { layoutColumns, type ColumnSize } from './columnLayout';

const columns: readonly ColumnSize[] = [
  { width: 100, minWidth: 80 },
  { width: 200, minWidth: 120, dropOrder: 2 },
  { width: 100, minWidth: 90, dropOrder: 1 },
  { width: 140, minWidth: 140, fixed: true },
];
const total = (widths: readonly number[]) => widths.reduce((sum, width) => sum + width, 0);

describe('layoutColumns', () => {
  it('shares a wide table’s spare room in proportion, the fixed column as it is', () => {
    const layout = layoutColumns(columns, 940);
    expect(layout.shown).toEqual([0, 1, 2, 3]);
    expect(layout.widths).toEqual([200, 400, 200, 140]);
  });

  it('between the minimums and the widths, gives each column its minimum and a share of the rest', () => {
    // Minimums 290 + 140 fixed; widths 400 + 140: 50 px over the minimums, a fifth of the way.
    const layout = layoutColumns(columns, 480);
    expect(layout.shown).toEqual([0, 1, 2, 3]);
    expect(layout.widths).toEqual([89, 156, 95, 140]);
    expect(total(layout.widths)).toBe(480);
  });

  it('never draws a column below its minimum: it leaves columns out in their drop order first', () => {
    // 429 px: the minimums (430) no longer fit, the first to go is the third column.
    expect(layoutColumns(columns, 429)).toEqual({ shown: [0, 1, 3], widths: [97, 192, 140] });
    // 339 px: the second goes too (first + fixed = 220 fit), the first takes the room.
    expect(layoutColumns(columns, 339)).toEqual({ shown: [0, 3], widths: [199, 140] });
  });

  it('scrolls only when the columns that always stay do not fit, each at its minimum', () => {
    expect(layoutColumns(columns, 200)).toEqual({ shown: [0, 3], widths: [80, 140] });
  });

  it('reads a width below the minimum as the minimum', () => {
    const layout = layoutColumns(
      [
        { width: 100, minWidth: 120 },
        { width: 100, minWidth: 80 },
      ],
      210,
    );
    expect(layout.widths[0]).toBeGreaterThanOrEqual(120);
    expect(layout.widths.reduce((sum, width) => sum + width, 0)).toBe(210);
  });

  it('keeps every column at its width before the table is measured', () => {
    expect(layoutColumns(columns, 0)).toEqual({ shown: [0, 1, 2, 3], widths: [100, 200, 100, 140] });
  });
});
