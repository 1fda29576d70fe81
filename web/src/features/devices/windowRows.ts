import { NO_SELECTION, type FleetSelectionSummary, type FleetTableWindow } from '../../lib/fleet';
import type { TableRow } from './components/deviceColumns';

/** Whether two rows show the same: every field alike (links by their counts), checked or not. */
function sameRow(a: TableRow | null, b: TableRow | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  for (const key of Object.keys(a) as (keyof TableRow)[]) {
    if (key === 'links') {
      if (a.links.online !== b.links.online || a.links.total !== b.links.total) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

/**
 * The rows the page holds of the table: the latest window the fleet worker posted, by position.
 * A new window tells only the cells whose row changed, so a live update re-renders the rows it
 * changed on screen, never the whole table.
 */
export class WindowRows {
  private readonly rows = new Map<number, TableRow>();
  private readonly listeners = new Map<number, Set<() => void>>();
  private readonly anyListeners = new Set<() => void>();
  private visible: { readonly start: number; readonly end: number } | null = null;
  size = 0;
  total = 0;
  /** How many devices are checked, and how many of them the query shows. */
  selection: FleetSelectionSummary = NO_SELECTION;

  /** Takes a window; answers how many shown rows changed. */
  set(window: FleetTableWindow): number {
    this.size = window.size;
    this.total = window.total;
    const selectionChanged =
      window.selection.count !== this.selection.count || window.selection.matching !== this.selection.matching;
    if (selectionChanged) this.selection = window.selection;
    const next = new Map<number, TableRow>();
    window.rows.forEach((row, offset) => {
      if (row) next.set(window.start + offset, { ...row, selected: window.selected[offset] ?? false });
    });
    let changed = 0;
    for (const position of new Set([...this.rows.keys(), ...next.keys()])) {
      const before = this.rows.get(position) ?? null;
      const after = next.get(position) ?? null;
      if (sameRow(before, after)) continue;
      if (after) this.rows.set(position, after);
      else this.rows.delete(position);
      changed += 1;
      const listeners = this.listeners.get(position);
      if (listeners) for (const listener of listeners) listener();
    }
    if (changed > 0 || selectionChanged) for (const listener of this.anyListeners) listener();
    return changed;
  }

  get(position: number): TableRow | null {
    return this.rows.get(position) ?? null;
  }

  /** Called after any window that changed a row or the selection, or a scroll (the header checkbox, the selection bar). */
  subscribeAll(listener: () => void): () => void {
    this.anyListeners.add(listener);
    return () => {
      this.anyListeners.delete(listener);
    };
  }

  /** The rows on screen now, [start, end), as the table last said (before it says: every row held). */
  setVisible(start: number, end: number): void {
    if (this.visible?.start === start && this.visible.end === end) return;
    this.visible = { start, end };
    for (const listener of this.anyListeners) listener();
  }

  /** The rows held that are on screen. */
  visibleRows(): TableRow[] {
    const visible = this.visible;
    if (!visible) return this.shown();
    const rows: TableRow[] = [];
    for (let position = visible.start; position < visible.end; position += 1) {
      const row = this.rows.get(position);
      if (row) rows.push(row);
    }
    return rows;
  }

  /** For useSyncExternalStore in a cell: called when the row at `position` changes. */
  subscribe(position: number, listener: () => void): () => void {
    let listeners = this.listeners.get(position);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(position, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(position);
    };
  }

  /** The rows held, in position order. */
  shown(): TableRow[] {
    return [...this.rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  }
}
