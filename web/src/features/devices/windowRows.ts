import type { FleetRow, FleetTableWindow } from '../../lib/fleet';

/** Whether two rows show the same: every field alike (links by their counts). */
function sameRow(a: FleetRow | null, b: FleetRow | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  for (const key of Object.keys(a) as (keyof FleetRow)[]) {
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
  private readonly rows = new Map<number, FleetRow>();
  private readonly listeners = new Map<number, Set<() => void>>();
  size = 0;
  total = 0;

  /** Takes a window; answers how many shown rows changed. */
  set(window: FleetTableWindow): number {
    this.size = window.size;
    this.total = window.total;
    const next = new Map<number, FleetRow>();
    window.rows.forEach((row, offset) => {
      if (row) next.set(window.start + offset, row);
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
    return changed;
  }

  get(position: number): FleetRow | null {
    return this.rows.get(position) ?? null;
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
  shown(): FleetRow[] {
    return [...this.rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  }
}
