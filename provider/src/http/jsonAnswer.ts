/**
 * An answer already written as JSON text, sent as it is: for answers whose bulk was shaped
 * where it was read (readShapers.ts), so the request loop neither parses nor writes it again.
 * `Answer` is the declared answer the text stands for (the handler's type checks it).
 */
export class JsonAnswer<Answer> {
  /** Only for the type: the answer this text is. */
  declare readonly answer?: Answer;
  constructor(readonly text: string) {}
}

/**
 * `fields` as JSON with `raw` fields (name → JSON text of the value) added: the answer's small
 * part written here, its bulk as it came. `raw` names must not be among `fields`' names.
 */
export function jsonAnswerWith<Answer extends object>(
  fields: { readonly [Key in keyof Answer]?: Answer[Key] },
  raw: { readonly [Key in keyof Answer]?: string },
): JsonAnswer<Answer> {
  const head = JSON.stringify(fields);
  const added = Object.entries(raw as Record<string, string>).map(([name, text]) => `${JSON.stringify(name)}:${text}`);
  if (added.length === 0) return new JsonAnswer(head);
  return new JsonAnswer(`${head.slice(0, -1)}${head === '{}' ? '' : ','}${added.join(',')}}`);
}

/** The characters of JSON text sent at once (about a megabyte): a larger answer goes out in slices of this. */
export const JSON_TEXT_SLICE = 1 << 20;

/** A text in slices of JSON_TEXT_SLICE characters, to write with back-pressure. */
export function* textSlices(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += JSON_TEXT_SLICE) yield text.slice(at, at + JSON_TEXT_SLICE);
}
