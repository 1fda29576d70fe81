import { describe, expect, it } from 'vitest';
import { JSON_TEXT_SLICE, jsonAnswerWith, jsonBytes, textSlices } from './jsonAnswer.js';

interface Answer {
  devices_state: unknown[];
  cursor: number;
  columns?: Record<string, unknown>;
  changed_at?: number | null;
}

describe('an answer already written as JSON', () => {
  it('adds the raw fields to the written ones: the text parses to the whole answer', () => {
    const answer = jsonAnswerWith<Answer>(
      { devices_state: [], cursor: 12, changed_at: null },
      { columns: '{"n":2,"name":["a","b \\"q\\""]}' },
    );
    expect(JSON.parse(answer.text)).toEqual({
      devices_state: [],
      cursor: 12,
      changed_at: null,
      columns: { n: 2, name: ['a', 'b "q"'] },
    });
  });

  it('writes raw fields alone, and written fields alone, as valid JSON', () => {
    expect(JSON.parse(jsonAnswerWith<Answer>({}, { columns: '{}' }).text)).toEqual({ columns: {} });
    expect(JSON.parse(jsonAnswerWith<Answer>({ cursor: 1 }, {}).text)).toEqual({ cursor: 1 });
  });
});

describe('textSlices', () => {
  it('cuts a large text into slices that join back into it, the last one shorter', () => {
    const text = 'ab'.repeat(JSON_TEXT_SLICE + JSON_TEXT_SLICE / 4);
    const slices = [...textSlices(text)];
    expect(slices.map((slice) => slice.length)).toEqual([JSON_TEXT_SLICE, JSON_TEXT_SLICE, JSON_TEXT_SLICE / 2]);
    expect(slices.join('')).toBe(text);
    expect([...textSlices('')]).toEqual([]);
  });
});

describe('JSON answers with UTF-8 parts', () => {
  it('joins string and byte parts into one JSON text, non-ASCII kept, and slices bytes without copying', () => {
    const answer = jsonAnswerWith<{ cursor: number; devices_state: unknown[] }>(
      { cursor: 3 },
      { devices_state: jsonBytes([{ name: 'תל אביב' }]) },
    );
    expect(JSON.parse(answer.text)).toEqual({ cursor: 3, devices_state: [{ name: 'תל אביב' }] });
    expect(answer.length).toBe(Buffer.byteLength(answer.text));
    const bytes = jsonBytes('x'.repeat(JSON_TEXT_SLICE + 10));
    const slices = [...textSlices(bytes)];
    expect(slices.map((slice) => slice.length)).toEqual([JSON_TEXT_SLICE, 12]);
    expect((slices[0] as Buffer).buffer).toBe(bytes.buffer);
  });
});
