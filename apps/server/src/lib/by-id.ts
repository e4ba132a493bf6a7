/**
 * Orders rows by their uuid `id` as PostgreSQL orders uuids (byte order is the order of their
 * lower-case hex text): rows locked or written in this order never deadlock with a statement that
 * takes them ORDER BY id.
 */
export const byId = (a: { id: string }, b: { id: string }): number =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
