import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * Keyset pagination over (created_at DESC, id DESC), never OFFSET. The cursor carries the
 * timestamp as PostgreSQL text with microseconds: a JS Date would round to milliseconds and
 * skip rows created within the same millisecond.
 */
export interface Cursor {
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/**
 * One page of a newest-first list read with one row more than the page (`limit + 1`): the page's
 * rows, and the cursor of the next page when that extra row came back.
 */
export function keysetPage<R>(
  rows: readonly R[],
  limit: number,
  cursorOf: (row: R) => Cursor,
): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    page,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null,
  };
}

/** Undefined when the text is not a cursor this server made. */
export function decodeCursor(text: string): Cursor | undefined {
  const decoded = Buffer.from(text, 'base64url').toString();
  const [createdAt, id] = decoded.split('|');
  if (!createdAt || !id || !UUID.test(id)) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt)) return undefined;
  return { createdAt, id };
}

/** The column as cursor text (UTC, microseconds), to select next to each row. */
export function cursorTextOf(createdAt: AnyColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * `(created_at, id) < cursor`: the rows after the cursor in newest-first order. The cursor may be
 * placeholders, for a prepared query.
 */
export function afterCursor(
  createdAt: AnyColumn,
  id: AnyColumn,
  cursor: Cursor | { createdAt: Placeholder; id: Placeholder },
): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
