/**
 * User Timing for the screens' own work, read by the benchmarks (tests/bench) and DevTools.
 * Only the latest entry of each name stays buffered (a wall runs for days); a
 * PerformanceObserver sees them all. This module imports nothing.
 */

/** Replaces the previous entry of `name` with one from `start` to `end`. */
export function recordMeasure(name: string, start: number, end: number, detail?: unknown): void {
  performance.clearMeasures(name);
  performance.measure(name, { start, end, detail });
}
