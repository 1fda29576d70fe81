import { describe, expect, it } from 'vitest';
import { jsonAnswerWith, jsonArrayAnswer } from './jsonAnswer.js';

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

describe('an answer whose array comes in batches', () => {
  async function* batches(...texts: string[]) {
    for (const text of texts) {
      await Promise.resolve();
      yield text;
    }
  }
  const chunksOf = async (text: string | AsyncIterable<string>) => {
    const chunks: string[] = [];
    if (typeof text === 'string') return [text];
    for await (const chunk of text) chunks.push(chunk);
    return chunks;
  };

  it('joins the batches into one array, empty batches left out, the opening sent with the first', async () => {
    const chunks = await chunksOf(
      jsonArrayAnswer<{ devices: unknown[] }>('devices', batches('', '{"id":1},{"id":2}', '', '{"id":3}')).text,
    );
    expect(chunks[0]).toBe('{"devices":[{"id":1},{"id":2}');
    expect(JSON.parse(chunks.join(''))).toEqual({ devices: [{ id: 1 }, { id: 2 }, { id: 3 }] });
  });

  it('answers an empty array when no batch holds an item', async () => {
    const listOf = (...texts: string[]) => jsonArrayAnswer<{ devices: unknown[] }>('devices', batches(...texts));
    expect((await chunksOf(listOf().text)).join('')).toBe('{"devices":[]}');
    expect((await chunksOf(listOf('').text)).join('')).toBe('{"devices":[]}');
  });
});
