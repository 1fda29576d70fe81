import { describe, expect, it } from 'vitest';
import {
  answerText,
  isWhole,
  JSON_TEXT_SLICE,
  jsonAnswerWith,
  jsonArrayAnswer,
  jsonBytes,
  sizeOf,
  textSlices,
  type JsonAnswer,
} from './jsonAnswer.js';

interface Answer {
  devices_state: unknown[];
  cursor: number;
  columns?: Record<string, unknown>;
  changed_at?: number | null;
}

describe('an answer already written as JSON', () => {
  it('adds the raw fields to the written ones: the text parses to the whole answer', async () => {
    const answer = jsonAnswerWith<Answer>(
      { devices_state: [], cursor: 12, changed_at: null },
      { columns: '{"n":2,"name":["a","b \\"q\\""]}' },
    );
    expect(JSON.parse(await answerText(answer))).toEqual({
      devices_state: [],
      cursor: 12,
      changed_at: null,
      columns: { n: 2, name: ['a', 'b "q"'] },
    });
  });

  it('writes raw fields alone, and written fields alone, as valid JSON', async () => {
    expect(JSON.parse(await answerText(jsonAnswerWith<Answer>({}, { columns: '{}' })))).toEqual({ columns: {} });
    expect(JSON.parse(await answerText(jsonAnswerWith<Answer>({ cursor: 1 }, {})))).toEqual({ cursor: 1 });
  });

  it('joins string and byte parts into one JSON text, non-ASCII kept', async () => {
    const answer = jsonAnswerWith<Answer>({ cursor: 3 }, { devices_state: jsonBytes([{ name: 'תל אביב' }]) });
    const text = await answerText(answer);
    expect(JSON.parse(text)).toEqual({ cursor: 3, devices_state: [{ name: 'תל אביב' }] });
    expect(isWhole(answer.parts) && sizeOf(answer.parts)).toBe(Buffer.byteLength(text));
  });
});

describe('an answer whose array comes in batches', () => {
  async function* batches(...texts: string[]) {
    for (const text of texts) {
      await Promise.resolve();
      yield text;
    }
  }
  const chunksOf = async (answer: JsonAnswer<unknown>) => {
    const chunks: string[] = [];
    if (isWhole(answer.parts)) throw new Error('expected a stream of parts');
    for await (const chunk of answer.parts) chunks.push(String(chunk));
    return chunks;
  };

  it('joins the batches into one array, empty batches left out, the opening sent with the first', async () => {
    const chunks = await chunksOf(
      jsonArrayAnswer<{ devices: unknown[] }>('devices', batches('', '{"id":1},{"id":2}', '', '{"id":3}')),
    );
    expect(chunks[0]).toBe('{"devices":[{"id":1},{"id":2}');
    expect(JSON.parse(chunks.join(''))).toEqual({ devices: [{ id: 1 }, { id: 2 }, { id: 3 }] });
  });

  it('answers an empty array when no batch holds an item', async () => {
    const listOf = (...texts: string[]) => jsonArrayAnswer<{ devices: unknown[] }>('devices', batches(...texts));
    expect((await chunksOf(listOf())).join('')).toBe('{"devices":[]}');
    expect((await chunksOf(listOf(''))).join('')).toBe('{"devices":[]}');
  });

  it('writes the answer’s small fields before the array', async () => {
    type Readings = { device_attribute_type: number; readings: unknown[] };
    const answer = jsonArrayAnswer<Readings>('readings', batches('{"v":1}', '{"v":2}'), { device_attribute_type: 3 });
    expect(JSON.parse((await chunksOf(answer)).join(''))).toEqual({
      device_attribute_type: 3,
      readings: [{ v: 1 }, { v: 2 }],
    });
    const empty = jsonArrayAnswer<Readings>('readings', batches(), { device_attribute_type: 3 });
    expect((await chunksOf(empty)).join('')).toBe('{"device_attribute_type":3,"readings":[]}');
  });

  it('writes the fields known only once the batches are read after the array', async () => {
    type Report = { from: number; devices: unknown[]; total: number };
    let read = 0;
    async function* counted() {
      for (const text of ['{"id":1}', '{"id":2},{"id":3}']) {
        await Promise.resolve();
        read += text.split(',').length;
        yield text;
      }
    }
    const answer = jsonArrayAnswer<Report>('devices', counted(), { from: 5 }, () => ({ total: read }));
    const text = (await chunksOf(answer)).join('');
    expect(text).toBe('{"from":5,"devices":[{"id":1},{"id":2},{"id":3}],"total":3}');
    const empty = jsonArrayAnswer<Report>('devices', batches(), {}, () => ({ total: 0 }));
    expect((await chunksOf(empty)).join('')).toBe('{"devices":[],"total":0}');
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

  it('slices bytes without copying them', () => {
    const bytes = jsonBytes('x'.repeat(JSON_TEXT_SLICE + 10));
    const slices = [...textSlices(bytes)];
    expect(slices.map((slice) => slice.length)).toEqual([JSON_TEXT_SLICE, 12]);
    expect((slices[0] as Buffer).buffer).toBe(bytes.buffer);
  });
});
