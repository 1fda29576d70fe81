/**
 * CSV as exports write it: RFC 4180 (CRLF line ends, fields with a comma, a quote or a line
 * break quoted, quotes doubled), and spreadsheet formula injection neutralised: a text cell
 * that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a
 * spreadsheet shows it as text instead of running it (OWASP's advice). Numbers stay numbers.
 */

export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';
export const CSV_LINE_END = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (`-95`, `3.5`) cannot be a formula and is left as it is. */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

/** One cell: neutralised if it could be read as a formula, quoted if it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its line end. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}${CSV_LINE_END}`;
}

/**
 * Reads CSV text back into rows (RFC 4180: quoted fields may hold commas, quotes and line
 * breaks). Exports are checked with it; it does not undo the formula guard.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += character;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
