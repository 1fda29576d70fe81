/**
 * An answer already written as JSON text, sent as it is: for answers whose bulk was shaped
 * where it was read (readShapers.ts), so the request loop neither parses nor writes it again.
 * `Answer` is the declared answer the text stands for (the handler's type checks it). The
 * text may come in chunks (jsonArrayAnswer), written to the caller as they come, so neither
 * the loop nor memory holds the whole answer at once.
 */
export class JsonAnswer<Answer> {
  /** Only for the type: the answer this text is. */
  declare readonly answer?: Answer;
  constructor(readonly text: string | AsyncIterable<string>) {}
}

/**
 * `fields` as JSON with `raw` fields (name → JSON text of the value) added: the answer's small
 * part written here, its bulk as it came. `raw` names must not be among `fields`' names.
 */
export function jsonAnswerWith<Answer extends object>(
  fields: { readonly [Key in keyof Answer]?: Answer[Key] },
  raw: { readonly [Key in keyof Answer]?: string },
): JsonAnswer<Answer> & { readonly text: string } {
  const head = JSON.stringify(fields);
  const added = Object.entries(raw as Record<string, string>).map(([name, text]) => `${JSON.stringify(name)}:${text}`);
  const text = added.length === 0 ? head : `${head.slice(0, -1)}${head === '{}' ? '' : ','}${added.join(',')}}`;
  return new JsonAnswer<Answer>(text) as JsonAnswer<Answer> & { readonly text: string };
}

/**
 * `{"field":[...]}` from batches of the array's items as JSON text (each batch its items joined
 * by commas, as textBatch writes them): an answer whose one field is a whole set, written
 * batch by batch. The opening comes with the first batch, so a read that fails before it
 * still answers with the error rather than a cut answer (endpointRoute.ts waits for it).
 */
export function jsonArrayAnswer<Answer extends object>(
  field: keyof Answer & string,
  batches: AsyncIterable<string>,
): JsonAnswer<Answer> {
  return new JsonAnswer(arrayChunks(`{${JSON.stringify(field)}:[`, batches, ']}'));
}

async function* arrayChunks(opening: string, batches: AsyncIterable<string>, closing: string) {
  let head = opening;
  for await (const batch of batches) {
    if (batch === '') continue;
    yield head + batch;
    head = ',';
  }
  yield `${head === ',' ? '' : head}${closing}`;
}
