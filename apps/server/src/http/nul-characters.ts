import type { FastifyInstance } from 'fastify';
import { refusal } from './errors';

/** The first string (value or key) holding U+0000 in `value`, as a dotted field path. */
function findNul(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return item.path;
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${key}` : key;
        if (key.includes('\u0000')) return path;
        stack.push({ value: child, path });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character: a string carrying one would fail deep in a query
 * as a 500. Refuse it up front, for every route, as bad input naming the field.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== null) {
        done(refusal('TEXT_CONTAINS_NUL', {}, field || undefined));
        return;
      }
    }
    done();
  });
}
