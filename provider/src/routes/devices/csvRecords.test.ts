import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvFileRecords, NotCsvError, parseCsv, type CsvRecord } from './csvRecords.js';

describe('csvFileRecords', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'halo-csv-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const fileOf = (data: string | Buffer) => {
    const path = join(directory, 'file.csv');
    writeFileSync(path, data);
    return path;
  };
  const all = async (path: string) => {
    const records: CsvRecord[] = [];
    for await (const batch of csvFileRecords(path)) records.push(...batch);
    return records;
  };

  it('reads a file as parseCsv reads its text, however its chunks cut it', async () => {
    // Multi-byte names past the stream's first 64 KB chunk: a character is cut between two chunks.
    const text = `name,note\r\n${Array.from({ length: 8000 }, (_, index) => `"שם ${index}","a, ""b""\nc"`).join('\n')}\n`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(128 * 1024);
    const records = await all(fileOf(`\uFEFF${text}`));
    expect(records).toEqual(parseCsv(text));
    expect(records.at(-1)).toEqual({ line: 16000, fields: ['שם 7999', 'a, "b"\nc'] });
  }, 30_000);

  it('refuses what is not UTF-8 CSV text with NotCsvError', async () => {
    for (const data of [
      Buffer.from('name\ncam-\xff\n', 'latin1'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]),
      Buffer.from('name\n"open,\n'),
    ])
      await expect(all(fileOf(data))).rejects.toBeInstanceOf(NotCsvError);
  });
});
