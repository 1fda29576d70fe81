import { createReadStream } from 'node:fs';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
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

/** Passes bytes on once they are UTF-8 text (no invalid sequence, no NUL); anything else fails the stream with NotCsvError. */
class Utf8Bytes extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      if (chunk.includes(0)) throw new NotCsvError();
      // Decoded only to be checked: a sequence cut at the chunk's end is finished by the next one.
      this.decoder.decode(chunk, { stream: true });
      done(null, chunk);
    } catch {
      done(new NotCsvError());
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.decoder.decode();
      done();
    } catch {
      done(new NotCsvError());
    }
  }
}

/**
 * A CSV file's records as `parseCsv` reads its text, in batches of what the parser holds at a
 * time (a promise per batch, not per record), streamed from the disk so memory stays flat
 * however large the file. `lines: false` leaves each record's line out (0), for a faster count.
 * Throws NotCsvError (possibly after earlier batches) when the file is not UTF-8 CSV text;
 * stopping early closes the file.
 */
export async function* csvFileRecords(path: string, options: { lines?: boolean } = {}): AsyncGenerator<CsvRecord[]> {
  const lines = options.lines ?? true;
  const parser = parseStream({ ...CSV_OPTIONS, info: lines });
  // Every stream's failure ends in the parser's, which the loop below throws.
  pipeline(createReadStream(path), new Utf8Bytes(), parser, () => undefined);
  const arrived = () =>
    new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        parser.off('readable', onReadable).off('end', onEnd).off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      const onReadable = () => settle();
      const onEnd = () => settle();
      parser.on('readable', onReadable).on('end', onEnd).on('error', settle);
    });
  try {
    for (;;) {
      if (parser.errored) throw parser.errored;
      const batch: CsvRecord[] = [];
      for (let parsed = parser.read() as unknown; parsed !== null; parsed = parser.read() as unknown)
        batch.push(lines ? recordOf(parsed as ParsedRecord) : { line: 0, fields: parsed as string[] });
      if (batch.length > 0) yield batch;
      else if (parser.readableEnded) return;
      else await arrived();
    }
  } catch (error) {
    // csv-parse's own errors (CSV_*: an unterminated quote) and the bytes' say the same.
    if (error instanceof NotCsvError || String((error as { code?: unknown }).code).startsWith('CSV_')) {
      throw new NotCsvError();
    }
    throw error;
  } finally {
    parser.destroy();
  }
}
