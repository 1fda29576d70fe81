import { useEffect, useRef, useState } from 'react';
import {
  sameTableQuery,
  type FleetRow,
  type FleetTable,
  type FleetTableQuery,
  type FleetTableWindow,
} from '../../../lib/fleet';
import { recordMeasure } from '../../../lib/measures';
import { DEVICES_APPLY_LIVE_MEASURE, DEVICES_RENDER_MEASURE, type DevicesBatchDetail } from '../devicesTableMeasures';
import { WindowRows } from '../windowRows';

/** Rows asked for around those on screen, so a short scroll needs no new window. */
const OVERSCAN_ROWS = 30;
/** The first window, before the table says what it shows. */
const FIRST_WINDOW_ROWS = 60;

/** What the table needs to re-render for: how many rows, how many devices, whether any window came. */
export interface WindowShape {
  readonly size: number;
  readonly total: number;
  readonly version: number;
  readonly query: FleetTableQuery;
}

/**
 * The Devices table's side of the fleet worker: asks for the query and the rows on screen,
 * keeps each window it posts in `rows` (whose cells re-render by themselves), and re-renders
 * the table only when the window's shape changed.
 */
export function useFleetWindow(
  table: FleetTable,
  query: FleetTableQuery,
  onRowsShown: (rows: readonly FleetRow[]) => void,
) {
  const [rows] = useState(() => new WindowRows());
  const shownKey = useRef('');
  const [shape, setShape] = useState<WindowShape | null>(null);

  useEffect(() => {
    table.setQuery(query);
  }, [table, query]);
  useEffect(() => {
    table.setWindow(0, FIRST_WINDOW_ROWS);
  }, [table]);

  // Each window the worker posts: the rows it changed on screen re-render; what that cost the
  // page is measured (taking it in, then React committing the cells).
  useEffect(() => {
    const subscription = table.window$.subscribe((window: FleetTableWindow) => {
      const started = performance.now();
      const changed = rows.set(window);
      const applied = performance.now();
      const detail: DevicesBatchDetail = { devices: changed, reset: false };
      recordMeasure(DEVICES_APPLY_LIVE_MEASURE, started, applied, detail);
      // React renders a store change synchronously in a microtask queued during set(), so this
      // later one runs once the changed cells are committed.
      queueMicrotask(() => recordMeasure(DEVICES_RENDER_MEASURE, applied, performance.now()));
      setShape((shape) =>
        shape?.size === window.size && shape.total === window.total && sameTableQuery(shape.query, window.query)
          ? shape
          : { size: window.size, total: window.total, version: window.version, query: window.query },
      );
      // The page hears of other rows on screen (their records to fetch), not of every live change:
      // a re-render of the whole table per delta cost frames of 50-90 ms.
      const shown = rows.shown();
      const key = shown.map((row) => `${row.id}:${row.name}`).join(',');
      if (key !== shownKey.current) {
        shownKey.current = key;
        onRowsShown(shown);
      }
    });
    return () => subscription.unsubscribe();
  }, [table, rows, onRowsShown]);

  /** Scrolling: the rows on screen and a few around them. */
  const onVisibleCellsChange = (visible: { readonly rowIndexStart: number; readonly rowIndexEnd: number }) => {
    rows.setVisible(visible.rowIndexStart, visible.rowIndexEnd + 1);
    table.setWindow(Math.max(0, visible.rowIndexStart - OVERSCAN_ROWS), visible.rowIndexEnd + 1 + OVERSCAN_ROWS);
  };

  return { rows, shape, onVisibleCellsChange };
}
