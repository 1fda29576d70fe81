import { describe, expect, it } from 'vitest';
import { jsonAnswerWith } from './jsonAnswer.js';

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
