import { describe, expect, it } from 'vitest';
import { fitColumnWidths } from './DevicesTable';

const columns = [{ width: 100 }, { width: 200 }, { width: 140, fixed: true }];

describe('fitColumnWidths', () => {
  it('shares a wide table’s spare room in proportion, leaving the fixed column as it is', () => {
    const widths = fitColumnWidths(columns, 1040);
    expect(widths).toEqual([300, 600, 140]);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(1040);
  });

  it('shrinks the other columns before the table scrolls, down to half their width', () => {
    expect(fitColumnWidths(columns, 365)).toEqual([75, 150, 140]);
    // Narrower than half: the columns stop at half (or 56 px) and the table scrolls.
    expect(fitColumnWidths(columns, 200)).toEqual([56, 100, 140]);
  });

  it('keeps the natural widths before the table is measured', () => {
    expect(fitColumnWidths(columns, 0)).toEqual([100, 200, 140]);
  });
});
