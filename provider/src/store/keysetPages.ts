/**
 * Every batch a read selects, a batch at a time by id (keyset paging): each batch is asked for
 * the rows past the last id seen (older ones for a log read newest first, higher ones for a
 * list by id), so the reader's memory does not grow with the table and rows written meanwhile
 * do not shift it. A batch tells how many rows it holds and its last id; a batch shorter than
 * `limit` is the last.
 */
export async function* keysetPages<Batch>(
  page: (pastId: number | undefined, limit: number) => Promise<Batch>,
  sizeOf: (batch: Batch) => { readonly count: number; readonly lastId: number | null | undefined },
  limit: number,
): AsyncGenerator<Batch> {
  let pastId: number | undefined;
  for (;;) {
    const batch = await page(pastId, limit);
    const { count, lastId } = sizeOf(batch);
    if (count > 0) yield batch;
    if (count < limit || lastId === null || lastId === undefined) return;
    pastId = lastId;
  }
}

/**
 * A batch of rows already written as text where they were read (a read shaper, see
 * readShapers.ts): the text, how many rows, and the last one's id (where the next batch starts).
 */
export interface TextBatch {
  readonly text: string;
  readonly count: number;
  readonly lastId: number | null;
}

/** Rows as a text batch, each written by `textOf` and joined by `separator`. */
export const textBatch = <Row extends { readonly id: number }>(
  rows: readonly Row[],
  textOf: (row: Row) => string,
  separator = '',
): TextBatch => ({
  text: rows.map(textOf).join(separator),
  count: rows.length,
  lastId: rows.at(-1)?.id ?? null,
});

/** The text of every batch, in order (keysetPages over text batches). */
export async function* textOfBatches(
  page: (pastId: number | undefined, limit: number) => Promise<TextBatch>,
  limit: number,
): AsyncGenerator<string> {
  for await (const batch of keysetPages(page, (text) => text, limit)) yield batch.text;
}
