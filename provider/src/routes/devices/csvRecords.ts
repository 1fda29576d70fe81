/** One CSV record and the line of the file it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  readonly line: number;
  readonly fields: string[];
}

/**
 * Reads CSV text (RFC 4180: comma separated, double quotes around fields that hold commas,
 * quotes or line breaks, a doubled quote inside them; CRLF or LF). Blank lines are skipped.
 * Answers null for an unterminated quote.
 */
export function parseCsv(text: string): CsvRecord[] | null {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '' || fieldStarted) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        if (character === '\n') line += 1;
        field += character;
      }
      continue;
    }
    if (character === '"' && field.trim() === '') {
      quoted = true;
      fieldStarted = true;
      field = '';
    } else if (character === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += character;
    }
  }
  if (quoted) return null;
  if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
  return records;
}
