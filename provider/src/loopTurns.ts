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
