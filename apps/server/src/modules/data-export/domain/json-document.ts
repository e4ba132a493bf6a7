/**
 * One part of a JSON document written as it is read: a value known at once, a list read page by
 * page (each page is asked for only when the one before it has been written out), or an object
 * whose own parts are written the same way (a section, such as the practice account's).
 */
export type JsonPart =
  | { key: string; value: unknown }
  | { key: string; pages: AsyncIterable<readonly unknown[]> }
  | { key: string; parts: readonly JsonPart[] };

/**
 * The JSON text of an object whose keys are `parts`, in order, as a sequence of chunks: the same
 * text as `JSON.stringify` of the whole object, without ever holding more than one page of a list.
 * Pulled lazily, so a slow reader holds the reading back (backpressure) instead of the memory.
 */
export function jsonDocument(parts: readonly JsonPart[]): AsyncGenerator<string> {
  return jsonObject('', parts);
}

/** An object's JSON text after `lead` (its key, inside a document), part by part. */
async function* jsonObject(lead: string, parts: readonly JsonPart[]): AsyncGenerator<string> {
  let opening = `${lead}{`;
  for (const part of parts) {
    const key = `${opening}${JSON.stringify(part.key)}:`;
    opening = ',';
    if ('value' in part) yield key + JSON.stringify(part.value);
    else if ('parts' in part) yield* jsonObject(key, part.parts);
    else yield* jsonList(key, part.pages);
  }
  yield opening === `${lead}{` ? `${lead}{}` : '}';
}

/** A list's JSON text after `lead`, a page at a time. */
async function* jsonList(
  lead: string,
  pages: AsyncIterable<readonly unknown[]>,
): AsyncGenerator<string> {
  yield `${lead}[`;
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield (first ? '' : ',') + page.map((item) => JSON.stringify(item)).join(',');
    first = false;
  }
  yield ']';
}
