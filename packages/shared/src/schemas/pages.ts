import { z } from 'zod';
import { atMostCharacters } from './common';

/** `?cursor=`: opaque, from the previous page's `nextCursor`. */
export const cursorParam = z.string().max(200, atMostCharacters(200)).optional();

/** `?q=`: a search text. */
export const searchParam = z.string().trim().max(100, atMostCharacters(100)).optional();

/**
 * One page of a list paged by cursor: its items under `key`, and `nextCursor`, where the next page
 * starts (null on the last page).
 */
export function cursorPage<K extends string, T extends z.ZodType>(key: K, item: T) {
  const shape = { [key]: z.array(item), nextCursor: z.string().nullable() };
  return z.object(shape as Record<K, z.ZodArray<T>> & { nextCursor: z.ZodNullable<z.ZodString> });
}
