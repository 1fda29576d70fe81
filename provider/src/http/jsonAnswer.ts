import { type JsonText } from '../jsonText.js';

export { jsonBytes, textBytes, type JsonText } from '../jsonText.js';

/**
 * An answer already written as JSON text, sent as it is: for answers whose bulk was shaped
 * where it was read (readShapers.ts), so the request loop neither parses nor writes it again.
 * `Answer` is the declared answer the text stands for (the handler's type checks it). The text
 * is kept in the parts it was made of (a small head, the bulk as it came: joining tens of MB
 * would copy them on the loop), or comes as a stream of parts (jsonArrayAnswer) written to the
 * caller as they are read, so neither the loop nor memory holds the whole answer at once.
 */
export class JsonAnswer<Answer> {
  /** Only for the type: the answer this text is. */
  declare readonly answer?: Answer;
  constructor(readonly parts: readonly JsonText[] | AsyncIterable<JsonText>) {}
}

/** Bytes as a Buffer over the same memory (what a response writes), text as it is. */
export const writable = (part: JsonText): string | Buffer =>
  typeof part === 'string' ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength);

/** Whether a part holds no text. */
const isEmpty = (part: JsonText) => (typeof part === 'string' ? part.length === 0 : part.byteLength === 0);

const asString = (part: JsonText) => (typeof part === 'string' ? part : Buffer.from(part).toString('utf8'));

/** An answer's whole text, joined (its stream read to the end): for checks and tests, never to send. */
export async function answerText(answer: JsonAnswer<unknown>): Promise<string> {
  if (isWhole(answer.parts)) return answer.parts.map(asString).join('');
  let whole = '';
  for await (const part of answer.parts) whole += asString(part);
  return whole;
}

/** Whether the parts are all here (not a stream still to be read). */
export const isWhole = (parts: JsonAnswer<unknown>['parts']): parts is readonly JsonText[] => Array.isArray(parts);

/** The size of parts: characters of their texts, bytes of their UTF-8. */
export const sizeOf = (parts: readonly JsonText[]) =>
  parts.reduce((sum, part) => sum + (typeof part === 'string' ? part.length : part.byteLength), 0);

/**
 * `fields` as JSON with `raw` fields (name → JSON text of the value) added: the answer's small
 * part written here, its bulk as it came. `raw` names must not be among `fields`' names.
 */
export function jsonAnswerWith<Answer extends object>(
  fields: { readonly [Key in keyof Answer]?: Answer[Key] },
  raw: { readonly [Key in keyof Answer]?: JsonText },
): JsonAnswer<Answer> {
  const head = JSON.stringify(fields);
  const added = Object.entries(raw as Record<string, JsonText>);
  if (added.length === 0) return new JsonAnswer([head]);
  const parts: JsonText[] = [head === '{}' ? '{' : `${head.slice(0, -1)},`];
  added.forEach(([name, text], index) => parts.push(`${index > 0 ? ',' : ''}${JSON.stringify(name)}:`, text));
  parts.push('}');
  return new JsonAnswer(parts);
}

/**
 * `{...fields,"field":[...],...after}` from batches of the array's items as JSON text (each
 * batch its items joined by commas, as textBatch writes them): an answer whose bulk is a whole
 * set, written batch by batch after its small `fields`; `after`, asked once the batches are
 * read, gives the fields known only then (totals over the whole set). The opening comes with
 * the first batch, so a read that fails before it still answers with the error rather than a
 * cut answer (endpointRoute.ts waits for it).
 */
export function jsonArrayAnswer<Answer extends object>(
  field: keyof Answer & string,
  batches: AsyncIterable<JsonText>,
  fields: { readonly [Key in keyof Answer]?: Answer[Key] } = {},
  after?: () => { readonly [Key in keyof Answer]?: Answer[Key] },
): JsonAnswer<Answer> {
  const head = JSON.stringify(fields);
  const opening = `${head === '{}' ? '{' : `${head.slice(0, -1)},`}${JSON.stringify(field)}:[`;
  const closing = () => {
    const tail = after ? JSON.stringify(after()) : '{}';
    return tail === '{}' ? ']}' : `],${tail.slice(1)}`;
  };
  return new JsonAnswer(arrayChunks(opening, batches, closing));
}

async function* arrayChunks(
  opening: string,
  batches: AsyncIterable<JsonText>,
  closing: () => string,
): AsyncGenerator<JsonText> {
  let head = opening;
  for await (const batch of batches) {
    if (isEmpty(batch)) continue;
    // The batch as it came (bytes moved from a read worker are not joined to anything here).
    if (typeof batch === 'string') yield head + batch;
    else {
      yield head;
      yield batch;
    }
    head = ',';
  }
  yield `${head === ',' ? '' : head}${closing()}`;
}

/** The characters of JSON text sent at once (about a megabyte): a larger answer goes out in slices of this. */
export const JSON_TEXT_SLICE = 1 << 20;

/** Texts in slices of at most JSON_TEXT_SLICE characters (or bytes), in order, to write with back-pressure. */
export function* textSlices(...texts: readonly JsonText[]): Generator<string | Buffer> {
  for (const text of texts) {
    const whole = writable(text);
    for (let at = 0; at < whole.length; at += JSON_TEXT_SLICE)
      yield typeof whole === 'string'
        ? whole.slice(at, at + JSON_TEXT_SLICE)
        : whole.subarray(at, at + JSON_TEXT_SLICE);
  }
}
