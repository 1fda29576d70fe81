import { csvLine, logPageWindow, logTimeWindow, type CsvValue, type LogPaging } from '@halo/shared';
import { sql, type RawBuilder } from 'kysely';
import type { JsonText } from '../../http/jsonAnswer.js';
import { textBatch, textOfBatches, type TextBatch } from '../../store/keysetPages.js';

/**
 * The paging and filters the three logs share. The tables name these columns alike (id,
 * device_id, severity, and the time: log_time, or created_at for the audit), so the
 * conditions are written once.
 */
export interface LogPageQuery extends LogPaging {
  readonly device_ids?: readonly number[] | undefined;
  readonly severities?: readonly number[] | undefined;
  /** A date (YYYY-MM-DD, UTC, the whole day) or a date-time (logTime.ts). */
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
}

/** A case-insensitive "contains" pattern for `like ... escape '\'`. */
export const likePattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** `lower(column) like %text%`, with the pattern's wildcards escaped. */
export const contains = (column: string, text: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;

/** Where a log keeps its id and its time (the audit's time is created_at), qualified when joined. */
export interface LogColumns {
  readonly id?: string;
  readonly time?: string;
}

/** The shared conditions of a page: paging ids, devices, severities and the time range. */
export function logPageConditions(query: LogPageQuery, columns: LogColumns = {}): RawBuilder<boolean>[] {
  const id = sql.ref(columns.id ?? 'id');
  const time = sql.ref(columns.time ?? 'log_time');
  const conditions: RawBuilder<boolean>[] = [];
  const window = logPageWindow(query);
  if (window.beforeId !== undefined) conditions.push(sql<boolean>`${id} < ${window.beforeId}`);
  if (window.afterId !== undefined) conditions.push(sql<boolean>`${id} > ${window.afterId}`);
  if (query.device_ids?.length) conditions.push(sql<boolean>`device_id in (${sql.join(query.device_ids)})`);
  if (query.severities?.length) conditions.push(sql<boolean>`severity in (${sql.join(query.severities)})`);
  const { from, to } = logTimeWindow(query);
  if (from !== undefined) conditions.push(sql<boolean>`${time} >= ${from}`);
  if (to !== undefined) conditions.push(sql<boolean>`${time} < ${to}`);
  return conditions;
}

/** Newest first, or oldest first for a poller's `since_id` (logPaging.ts). */
export const logPageOrder = (query: LogPageQuery) => logPageWindow(query).order;

export const logPageSize = (query: LogPageQuery) => logPageWindow(query).limit;

/** Rows an export reads per query: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

/** A batch of an export's rows as CSV lines (a text batch: see keysetPages.ts). */
export type CsvBatch = TextBatch;

/**
 * A read shaper (readShapers.ts) of an export's rows: a batch written as CSV lines where it
 * was read, each row's cells by `cellsOf(argument)` (the argument is what the cells need
 * beside the row: the reader's language, the silences in force), made once per batch.
 */
export const csvShaper =
  <Row extends { readonly id: number }, Argument>(cellsOf: (argument: Argument) => (row: Row) => readonly CsvValue[]) =>
  (rows: readonly Row[], argument: Argument): CsvBatch => {
    const cells = cellsOf(argument);
    return textBatch(rows, (row) => csvLine(cells(row)));
  };

/**
 * A CSV file as text chunks, its batches written where they were read (a read shaper, see
 * readShapers.ts): the header, then each batch's text as it came (keysetPages).
 * Only text crosses to the request loop, which neither parses nor writes the rows.
 */
export async function* shapedCsvChunks(
  header: readonly string[],
  page: (olderThan: number | undefined, limit: number) => Promise<CsvBatch>,
  batch = EXPORT_BATCH,
): AsyncGenerator<JsonText> {
  yield csvLine(header);
  yield* textOfBatches(page, batch);
}

/** `system-log-2026-11-25T10-15-00Z.csv`: what was exported, and when (server time). */
export const exportFileName = (what: string, now: number) =>
  `${what}-${new Date(now)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.csv`;
