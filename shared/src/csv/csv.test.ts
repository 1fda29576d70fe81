import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv } from './csv.js';

describe('csv', () => {
  it('quotes what RFC 4180 says to and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvLine(['a', 1, null, true])).toBe('a,1,,true\r\n');
  });

  it('neutralises cells a spreadsheet would run as formulas, but not plain numbers', () => {
    for (const hostile of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil")']) {
      expect(parseCsv(csvLine([hostile]))[0]?.[0]).toBe(`'${hostile}`);
    }
    expect(csvCell('-95')).toBe('-95');
    expect(csvCell('+3.5')).toBe('+3.5');
    expect(csvCell('-1e5')).toBe("'-1e5");
  });

  it('reads back what it wrote, quotes and line breaks included', () => {
    const rows = [
      ['id', 'description'],
      ['1', 'link "eth 1", down\nagain'],
      ['2', ''],
    ];
    expect(parseCsv(rows.map(csvLine).join(''))).toEqual(rows);
  });
});
