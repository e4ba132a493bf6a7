/**
 * One part of a JSON document written as it is read: a value known at once, or a list read page
 * by page (each page is asked for only when the one before it has been written out).
 */
export type JsonPart =
  { key: string; value: unknown } | { key: string; pages: AsyncIterable<readonly unknown[]> };

/**
 * The JSON text of an object whose keys are `parts`, in order, as a sequence of chunks: the same
 * text as `JSON.stringify` of the whole object, without ever holding more than one page of a list.
 * Pulled lazily, so a slow reader holds the reading back (backpressure) instead of the memory.
 */
export async function* jsonDocument(parts: readonly JsonPart[]): AsyncGenerator<string> {
  let opening = '{';
  for (const part of parts) {
    const key = `${opening}${JSON.stringify(part.key)}:`;
    opening = ',';
    if ('value' in part) {
      yield key + JSON.stringify(part.value);
      continue;
    }
    yield `${key}[`;
    let first = true;
    for await (const page of part.pages) {
      if (page.length === 0) continue;
      yield (first ? '' : ',') + page.map((item) => JSON.stringify(item)).join(',');
      first = false;
    }
    yield ']';
  }
  yield opening === '{' ? '{}' : '}';
}
