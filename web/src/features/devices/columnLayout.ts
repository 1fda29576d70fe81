/** What a column asks of the table's width. */
export interface ColumnSize {
  /** Its width on a roomy screen; spare room is shared in proportion to it. */
  readonly width: number;
  /** The narrowest width its usual content and header fit in: it is never drawn narrower. */
  readonly minWidth: number;
  /** Left out when the table is too narrow for every column's minimum: 1 goes first; none stays. */
  readonly dropOrder?: number;
  /** Keeps `width` whatever the table's width (the row buttons). */
  readonly fixed?: boolean;
}

export interface ColumnLayout {
  /** The columns shown, by their index in the given list, in its order. */
  readonly shown: readonly number[];
  /** The width of each shown column, in the order of `shown`. */
  readonly widths: readonly number[];
}

const sizeOf = (column: ColumnSize) => (column.fixed ? column.width : column.minWidth);

/**
 * The columns a table this wide shows and their widths. A column is never narrower than its
 * minimum: when the minimums do not fit, columns are left out in their drop order (the table
 * scrolls only when those that always stay do not fit). The room left over goes to each
 * column in proportion to its width, first up to its width, then beyond, so no space is dead.
 * Before the table is measured (width 0) every column has its width.
 */
export function layoutColumns(columns: readonly ColumnSize[], tableWidth: number): ColumnLayout {
  const all = columns.map((_, index) => index);
  if (tableWidth <= 0) return { shown: all, widths: columns.map((column) => column.width) };

  const shown = new Set(all);
  const needed = () => [...shown].reduce((sum, index) => sum + sizeOf(columns[index] as ColumnSize), 0);
  const dropping = all
    .filter((index) => columns[index]?.dropOrder !== undefined)
    .sort((a, b) => (columns[a]?.dropOrder ?? 0) - (columns[b]?.dropOrder ?? 0));
  for (const index of dropping) {
    if (needed() <= tableWidth) break;
    shown.delete(index);
  }

  const kept = all.filter((index) => shown.has(index));
  // A width below the minimum asks for the minimum.
  const sizes = kept.map((index) => {
    const column = columns[index] as ColumnSize;
    return { ...column, width: Math.max(column.width, column.minWidth) };
  });
  const flexible = sizes.filter((column) => !column.fixed);
  const room = tableWidth - sizes.reduce((sum, column) => sum + (column.fixed ? column.width : 0), 0);
  const preferred = flexible.reduce((sum, column) => sum + column.width, 0);
  const minimum = flexible.reduce((sum, column) => sum + column.minWidth, 0);
  const widthOf = (column: ColumnSize): number => {
    if (column.fixed) return column.width;
    if (room >= preferred) return Math.floor((column.width * room) / preferred);
    if (room <= minimum || preferred === minimum) return column.minWidth;
    const share = (room - minimum) / (preferred - minimum);
    return Math.floor(column.minWidth + (column.width - column.minWidth) * share);
  };
  const widths = sizes.map(widthOf);
  // What rounding left goes to the last flexible column, so the columns end at the table's edge.
  const rest = tableWidth - widths.reduce((sum, width) => sum + width, 0);
  const last = sizes.findLastIndex((column) => !column.fixed);
  if (rest > 0 && rest < kept.length && last >= 0) widths[last] = (widths[last] ?? 0) + rest;
  return { shown: kept, widths };
}
