/** How many devices are selected, and how many of them the table's query shows. */
export interface FleetSelectionSummary {
  readonly count: number;
  readonly matching: number;
}

export const NO_SELECTION: FleetSelectionSummary = { count: 0, matching: 0 };

/**
 * A change of the Devices table's selection, as the page asks it:
 * - `toggle`: one row's checkbox; with `range` (shift-click), every row between the last one
 *   toggled and this one, in the table's current order, takes the state the last one was given;
 * - `set`: these rows selected or not (the header checkbox: the rows on screen);
 * - `matching`: every row the query shows;
 * - `clear`: none.
 */
export type FleetSelectionChange =
  | { readonly kind: 'toggle'; readonly id: number; readonly range: boolean }
  | { readonly kind: 'set'; readonly ids: readonly number[]; readonly selected: boolean }
  | { readonly kind: 'matching' }
  | { readonly kind: 'clear' };

/**
 * The table's order, as the selection reads it: the ids in order and each one's place, and
 * whether a device still exists (a removed one keeps its place until the order is made again).
 */
export interface TableOrder {
  readonly ids: readonly number[];
  readonly positions: ReadonlyMap<number, number>;
  readonly exists: (id: number) => boolean;
}

/**
 * The rows selected in the Devices table, kept by device id beside the table's view in the
 * fleet worker: a selection holds across live updates, re-sorts, filters and scrolling, and
 * loses only devices that no longer exist. Ranges are taken from the order the table shows
 * when the range is asked for.
 */
export class FleetSelection {
  private readonly selected = new Set<number>();
  /** The last row toggled and the state it was given: where a shift-click's range starts. */
  private anchor: { readonly id: number; readonly selected: boolean } | null = null;
  /** How many selected ids the current order holds; null once the selection or the order changed. */
  private matchingCount: number | null = null;

  get count(): number {
    return this.selected.size;
  }

  has(id: number): boolean {
    return this.selected.has(id);
  }

  /** The selected ids, in no particular order. */
  ids(): number[] {
    return [...this.selected];
  }

  /** Applies a change; answers whether anything changed. */
  apply(change: FleetSelectionChange, order: TableOrder): boolean {
    const before = this.selected.size;
    let changed = false;
    switch (change.kind) {
      case 'toggle': {
        const from = this.anchor && change.range ? order.positions.get(this.anchor.id) : undefined;
        const to = order.positions.get(change.id);
        if (this.anchor && from !== undefined && to !== undefined) {
          const state = this.anchor.selected;
          for (let position = Math.min(from, to); position <= Math.max(from, to); position += 1) {
            const id = order.ids[position];
            if (id !== undefined && order.exists(id)) changed = this.put(id, state) || changed;
          }
          this.anchor = { id: change.id, selected: state };
        } else if (order.exists(change.id)) {
          const state = !this.selected.has(change.id);
          changed = this.put(change.id, state);
          this.anchor = { id: change.id, selected: state };
        }
        break;
      }
      case 'set':
        for (const id of change.ids) {
          if (!change.selected || order.exists(id)) changed = this.put(id, change.selected) || changed;
        }
        break;
      case 'matching':
        for (const id of order.ids) if (order.exists(id)) this.selected.add(id);
        changed = this.selected.size !== before;
        break;
      case 'clear':
        changed = before > 0;
        this.selected.clear();
        this.anchor = null;
        break;
    }
    if (changed) this.matchingCount = null;
    return changed;
  }

  /** Drops devices that are gone; answers whether any was selected. */
  remove(ids: Iterable<number>): boolean {
    let changed = false;
    for (const id of ids) changed = this.selected.delete(id) || changed;
    if (changed) this.matchingCount = null;
    return changed;
  }

  /** Keeps only the devices `exists` knows (a new snapshot); answers whether any was dropped. */
  retain(exists: (id: number) => boolean): boolean {
    return this.remove([...this.selected].filter((id) => !exists(id)));
  }

  /** The order changed: the matching count is made again when next asked. */
  orderChanged(): void {
    this.matchingCount = null;
  }

  summary(order: TableOrder): FleetSelectionSummary {
    if (this.matchingCount === null) {
      let matching = 0;
      for (const id of this.selected) if (order.positions.has(id)) matching += 1;
      this.matchingCount = matching;
    }
    return { count: this.selected.size, matching: this.matchingCount };
  }

  private put(id: number, selected: boolean): boolean {
    if (selected === this.selected.has(id)) return false;
    if (selected) this.selected.add(id);
    else this.selected.delete(id);
    return true;
  }
}
