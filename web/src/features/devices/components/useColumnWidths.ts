import { useCallback, useEffect, useMemo, useState } from 'react';
import { canvasTextWidth } from '../../../lib/text/middleEllipsis';
import { layoutColumns } from '../columnLayout';
import { CELL_TEXT_INSET, cellFont } from './deviceCells';
import type { ColumnSpec } from './deviceColumns';

/** Room kept for the table's own vertical scroll bar when columns stretch to its width. */
const SCROLLBAR_ALLOWANCE = 18;

/**
 * The Devices table's columns at its width: which it shows and how wide (a narrow table leaves
 * some out rather than cut every text), whether a change of widths is being drawn, and the
 * identifier columns' text room. `tableRef` goes on the element whose width counts.
 */
export function useColumnWidths(columns: readonly ColumnSpec[], direction: string) {
  const [tableWidth, setTableWidth] = useState(0);
  // The table is not there while the fleet is awaited or empty: watch its width whenever it is.
  const tableRef = useCallback((element: HTMLDivElement | null) => {
    if (!element) return undefined;
    // Measured at once, so the first frame already has the columns of this width.
    setTableWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setTableWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  /**
   * Blueprint's table places cells by absolute left offsets and does not mirror them: in a
   * right-to-left language the table itself stays left-to-right and its columns come in
   * reverse order, so the first column is on the right under its own header.
   */
  const { shownColumns, columnWidths } = useMemo(() => {
    const layout = layoutColumns(columns, Math.max(0, tableWidth - SCROLLBAR_ALLOWANCE));
    const shown = layout.shown.map((index) => columns[index] as ColumnSpec);
    const widths = [...layout.widths];
    return direction === 'rtl'
      ? { shownColumns: shown.reverse(), columnWidths: widths.reverse() }
      : { shownColumns: shown, columnWidths: widths };
  }, [columns, tableWidth, direction]);
  // A change of the columns' widths is drawn in full, every visible cell at once with the grid of
  // those widths (RenderMode.NONE), then the table goes back to drawing new rows in batches while
  // scrolling. Blueprint's batched mode keeps the cells it drew before a change of widths, at
  // their old offsets, and redraws 20 per idle frame: for about a second after the table was
  // measured, or whenever its width changed (a side panel, a dialog), text lay over the next
  // column. Scrolling changes no widths, so its batches only add cells where the grid says.
  // The table also builds its grid from new widths only after the render that brought them; the
  // widths among the renderer's dependencies make it render once more with that grid, in the
  // same commit, before the browser paints.
  // Batches resume from the next frame: by then the render with the new grid (within the commit
  // of the widths) is drawn, and a batch only keeps cells drawn with it.
  const [drawnWidths, setDrawnWidths] = useState(columnWidths);
  const layoutChanging = drawnWidths !== columnWidths;
  useEffect(() => {
    if (!layoutChanging) return undefined;
    const frame = requestAnimationFrame(() => setDrawnWidths(columnWidths));
    return () => cancelAnimationFrame(frame);
  }, [layoutChanging, columnWidths]);
  const [textWidth] = useState(() => canvasTextWidth(cellFont()));
  const identifierRoom = useMemo(() => {
    const roomOf = (key: 'name' | 'pairingId') => {
      const index = shownColumns.findIndex((column) => column.key === key);
      return index < 0 ? 0 : Math.max(0, (columnWidths[index] ?? 0) - CELL_TEXT_INSET);
    };
    return { room: { name: roomOf('name'), pairingId: roomOf('pairingId') }, width: textWidth };
  }, [shownColumns, columnWidths, textWidth]);

  return { tableRef, shownColumns, columnWidths, layoutChanging, identifierRoom };
}
