import { textBytes, type JsonText } from '../jsonText.js';

/**
 * Every batch a read selects, a batch at a time by id (keyset paging): each batch is asked for
 * the rows past the last id seen (older ones for a log read newest first, higher ones for a
 * list by id), so the reader's memory does not grow with the table and rows written meanwhile
 * do not shift it. A batch tells how many rows it holds and its last id; a batch shorter than
 * `limit` is the last, and so is the `maxBatches`th (a page of a list is one batch).
 */
export async function* keysetPages<Batch>(
  page: (pastId: number | undefined, limit: number) => Promise<Batch>,
  sizeOf: (batch: Batch) => { readonly count: number; readonly lastId: number | null | undefined },
  limit: number,
  maxBatches = Number.POSITIVE_INFINITY,
): AsyncGenerator<Batch> {
  let pastId: number | undefined;
  for (let read = 1; ; read += 1) {
    const batch = await page(pastId, limit);
    const { count, lastId } = sizeOf(batch);
    if (count > 0) yield batch;
    if (read >= maxBatches || count < limit || lastId === null || lastId === undefined) return;
    pastId = lastId;
  }
}

/**
 * A batch of rows already written as text where they were read (a read shaper, see
 * readShapers.ts): the text, how many rows, and the last one's id (where the next batch starts).
 * The text is UTF-8 bytes of its own, moved from the read worker rather than copied, and
 * written to the caller as they are: as a string, each batch was copied into the request
 * loop's heap and encoded again there (a 100,000-device list: 133 MB through the loop, holding it
 * 45-68 ms at times).
 */
export interface TextBatch {
  readonly text: JsonText;
  readonly count: number;
  readonly lastId: number | null;
}

/** Rows as a text batch, each written by `textOf` and joined by `separator`. */
export const textBatch = <Row extends { readonly id: number }>(
  rows: readonly Row[],
  textOf: (row: Row) => string,
  separator = '',
): TextBatch => ({
  text: textBytes(rows.map(textOf).join(separator)),
  count: rows.length,
  lastId: rows.at(-1)?.id ?? null,
});

/** The text of every batch, in order (keysetPages over text batches). */
export async function* textOfBatches(
  page: (pastId: number | undefined, limit: number) => Promise<TextBatch>,
  limit: number,
  maxBatches?: number,
): AsyncGenerator<JsonText> {
  for await (const batch of keysetPages(page, (text) => text, limit, maxBatches)) yield batch.text;
}
