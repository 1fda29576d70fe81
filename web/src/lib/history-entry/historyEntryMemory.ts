/**
 * What a screen keeps of itself per history entry (react-router's `location.key`), so that Back
 * from a page it opened shows it as it was left: the Devices table's scroll, HeatSight's metric,
 * open cell and view (issue 39, item 10). Kept in memory for the tab's life, the oldest entries
 * let go past a limit; a reload starts afresh, as the screens' defaults are then what one expects.
 */
export interface HistoryEntryMemory<T> {
  /** What was kept for the entry, if anything. */
  get(key: string): T | undefined;
  /** Keeps `value` for the entry (the newest kept). */
  set(key: string, value: T): void;
}

/** History entries remembered per screen (the oldest is let go past it). */
const REMEMBERED_ENTRIES = 50;

export function historyEntryMemory<T>(limit: number = REMEMBERED_ENTRIES): HistoryEntryMemory<T> {
  const kept = new Map<string, T>();
  return {
    get: (key) => kept.get(key),
    set(key, value) {
      kept.delete(key);
      kept.set(key, value);
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    },
  };
}
