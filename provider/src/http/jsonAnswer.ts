/**
 * An answer already written as JSON text, sent as it is: for answers whose bulk was shaped
 * where it was read (readShapers.ts), so the request loop neither parses nor writes it again.
 * It is kept as the parts it was made of (a small head, the bulk as it came): joining tens of
 * MB into one string would copy them on the loop. `Answer` is the declared answer the text
 * stands for (the handler's type checks it).
 */
export class JsonAnswer<Answer> {
  /** Only for the type: the answer this text is. */
  declare readonly answer?: Answer;
  readonly parts: readonly JsonText[];
  constructor(...parts: readonly JsonText[]) {
    this.parts = parts;
  }

  /** The whole text, joined (for checks and tests: an answer is sent in its parts). */
  get text(): string {
    return this.parts.map((part) => (typeof part === 'string' ? part : Buffer.from(part).toString('utf8'))).join('');
  }

  /** Its size: characters of its texts, bytes of its UTF-8 parts. */
  get length(): number {
    return this.parts.reduce((sum, part) => sum + (typeof part === 'string' ? part.length : part.byteLength), 0);
  }
}

/**
 * JSON text as a string, or as its UTF-8 bytes: what a shaper makes of a large answer in a read
 * worker (jsonBytes), moved to the request loop rather than copied and sent as it is.
 */
export type JsonText = string | Uint8Array;

/** A value's JSON as UTF-8 bytes of their own (so a read worker can move them: workerReadPool.ts). */
export const jsonBytes = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value), 'utf8');

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
  if (added.length === 0) return new JsonAnswer(head);
  const parts: JsonText[] = [head === '{}' ? '{' : `${head.slice(0, -1)},`];
  added.forEach(([name, text], index) => parts.push(`${index > 0 ? ',' : ''}${JSON.stringify(name)}:`, text));
  parts.push('}');
  return new JsonAnswer(...parts);
}

/** The characters of JSON text sent at once (about a megabyte): a larger answer goes out in slices of this. */
export const JSON_TEXT_SLICE = 1 << 20;

/** Texts in slices of at most JSON_TEXT_SLICE characters (or bytes), in order, to write with back-pressure. */
export function* textSlices(...texts: readonly JsonText[]): Generator<string | Buffer> {
  for (const text of texts) {
    const whole = typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    for (let at = 0; at < whole.length; at += JSON_TEXT_SLICE)
      yield typeof whole === 'string'
        ? whole.slice(at, at + JSON_TEXT_SLICE)
        : whole.subarray(at, at + JSON_TEXT_SLICE);
  }
}
