import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { parse as parseStream, type Options } from 'csv-parse';
import { parse } from 'csv-parse/sync';

/** One CSV record and the line of the file it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  readonly line: number;
  readonly fields: string[];
}

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * csv-parse (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; CRLF,
 * LF or CR line ends, even mixed; a leading BOM; blank lines skipped; a stray quote inside an
 * unquoted field is kept as text).
 */
const CSV_OPTIONS: Options = {
  bom: true,
  info: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  record_delimiter: ['\r\n', '\n', '\r'],
};

interface ParsedRecord {
  readonly record: string[];
  readonly info: { readonly lines: number };
}

// info.lines is the line a record ends on; quoted line breaks inside it moved it down.
const recordOf = ({ record, info }: ParsedRecord): CsvRecord => ({
  line: info.lines - record.reduce((breaks, field) => breaks + (field.match(LINE_BREAK)?.length ?? 0), 0),
  fields: record,
});

/** Reads CSV text whole. Answers null when the text is not CSV, e.g. an unterminated quote. */
export function parseCsv(text: string): CsvRecord[] | null {
  try {
    return (parse(text, CSV_OPTIONS) as unknown as ParsedRecord[]).map(recordOf);
  } catch {
    return null;
  }
}

/** The text is not CSV (an unterminated quote, found when the parser reaches it). */
export class NotCsvError extends Error {
  constructor() {
    super('not a CSV file');
    this.name = 'NotCsvError';
  }
}

/** Characters parsed per slice: about 1,800 device rows, a few milliseconds of parsing. */
const SLICE_CHARS = 64 * 1024;

/**
 * Reads CSV text a slice at a time, as `parseCsv` reads it whole, and hands each slice's
 * records to `onRecords`; the event loop serves other requests between slices, so a 20 MB
 * file never holds it for more than one slice's parse and `onRecords`. Throws NotCsvError when
 * the text is not CSV, possibly after earlier slices were handed over.
 */
export async function readCsvInSlices(
  text: string,
  onRecords: (records: CsvRecord[]) => Promise<void> | void,
  sliceChars = SLICE_CHARS,
): Promise<void> {
  const parser = parseStream(CSV_OPTIONS);
  const ended = new Promise<Error | null>((resolve) => {
    parser.on('end', () => resolve(null));
    parser.on('error', (error: Error) => resolve(error));
  });
  // The parser's Transform parses a written chunk at once: its records are there to read.
  const readParsed = (): CsvRecord[] => {
    const records: CsvRecord[] = [];
    for (
      let parsed = parser.read() as ParsedRecord | null;
      parsed !== null;
      parsed = parser.read() as ParsedRecord | null
    )
      records.push(recordOf(parsed));
    return records;
  };
  for (let start = 0; start < text.length; start += sliceChars) {
    parser.write(text.slice(start, start + sliceChars));
    if (parser.errored) throw new NotCsvError();
    await onRecords(readParsed());
    await yieldToLoop();
  }
  // The last record, when no line break ends it, comes with the end.
  const last: CsvRecord[] = [];
  parser.on('data', (parsed: ParsedRecord) => last.push(recordOf(parsed)));
  parser.end();
  if (await ended) throw new NotCsvError();
  await onRecords([...readParsed(), ...last]);
}
