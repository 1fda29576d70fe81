import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * Work that grows with a fleet, done in slices with a turn of the event loop between them, so
 * the provider's one thread answers other requests in between (issue 25). One place for the
 * rule; the slice sizes stay with the work (about 20 ms of the thread each).
 */

/** Runs `each` on consecutive slices of `size` items, a turn of the event loop between two slices. */
export async function forEachSlice<T>(
  items: readonly T[],
  size: number,
  each: (slice: readonly T[]) => unknown,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await yieldToLoop();
    await each(items.slice(start, start + size));
  }
}

/** How paced work sizes its slices (forEachPacedSlice). */
export interface Pace {
  /** What one slice should take of the thread (and, for a transaction, of the store's writer). */
  readonly aimMs: number;
  /** The first slice's size, before any is measured. */
  readonly first: number;
  readonly fewest: number;
  readonly most: number;
}

/**
 * As forEachSlice, each slice sized from how long the one before took so that one takes about
 * `pace.aimMs`: work whose cost per item varies (a busy store, a loaded machine, a step that
 * costs more for some items) keeps its slices short, since other requests are answered only
 * between two. A slice grows at most twofold on the last, and shrinks at once.
 */
export async function forEachPacedSlice<T>(
  items: readonly T[],
  pace: Pace,
  each: (slice: readonly T[]) => unknown,
  clock: () => number = () => performance.now(),
): Promise<void> {
  let size = pace.first;
  for (let start = 0; start < items.length;) {
    if (start > 0) await yieldToLoop();
    const slice = items.slice(start, start + size);
    const began = clock();
    await each(slice);
    start += slice.length;
    const tookMs = Math.max(clock() - began, 0.1);
    const fitting = Math.floor((slice.length * pace.aimMs) / tookMs);
    size = Math.max(pace.fewest, Math.min(pace.most, fitting, slice.length * 2));
  }
}

/** `shape` applied to `rows` `perTurn` at a time (see forEachSlice); one call when they fit in one turn. */
export async function inTurns<Row, Shaped>(
  rows: readonly Row[],
  perTurn: number,
  shape: (slice: readonly Row[]) => readonly Shaped[],
): Promise<Shaped[]> {
  if (rows.length <= perTurn) return [...shape(rows)];
  const shaped: Shaped[] = [];
  await forEachSlice(rows, perTurn, (slice) => {
    for (const item of shape(slice)) shaped.push(item);
  });
  return shaped;
}

/**
 * Runs `batch` (a bounded delete, say) until it does fewer than `size`, a turn of the event loop
 * between two batches; answers how many it did in all.
 */
export async function inBatchesUntilDone(size: number, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < size) return total;
    await yieldToLoop();
  }
}
