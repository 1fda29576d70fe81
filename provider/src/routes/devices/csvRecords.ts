import { parse } from 'csv-parse/sync';

/** One CSV record and the line of the file it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  readonly line: number;
  readonly fields: string[];
}

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * Reads CSV text with csv-parse (RFC 4180: quoted fields may hold commas, doubled quotes and
 * line breaks; CRLF, LF or CR line ends, even mixed; a leading BOM; blank lines skipped; a
 * stray quote inside an unquoted field is kept as text). Answers null when the text is not
 * CSV, e.g. an unterminated quote.
 */
export function parseCsv(text: string): CsvRecord[] | null {
  try {
    const rows = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // info.lines is the line a record ends on; quoted line breaks inside it moved it down.
    return rows.map(({ record, info }) => ({
      line: info.lines - record.reduce((breaks, field) => breaks + (field.match(LINE_BREAK)?.length ?? 0), 0),
      fields: record,
    }));
  } catch {
    return null;
  }
}
