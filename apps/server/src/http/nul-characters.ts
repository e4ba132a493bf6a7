import type { FastifyInstance } from 'fastify';
import { refusal } from './errors';

/** Half of a UTF-16 surrogate pair, alone: JSON text escapes it, and PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Unstorable = 'TEXT_CONTAINS_NUL' | 'TEXT_NOT_UNICODE';

function problemOf(text: string): Unstorable | null {
  if (text.includes('\u0000')) return 'TEXT_CONTAINS_NUL';
  if (LONE_SURROGATE.test(text)) return 'TEXT_NOT_UNICODE';
  return null;
}

/**
 * The first string (value or key) in `value` that PostgreSQL cannot store (U+0000, or a lone
 * surrogate), as a dotted field path, with the problem.
 */
function findUnstorable(value: unknown): { path: string; code: Unstorable } | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    if (typeof item.value === 'string') {
      const code = problemOf(item.value);
      if (code) return { path: item.path, code };
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${key}` : key;
        const code = problemOf(key);
        if (code) return { path, code };
        stack.push({ value: child, path });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character, nor jsonb a lone surrogate: a string carrying one
 * would fail deep in a query as a 500. Refuse it up front, for every route, as bad input naming
 * the field.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorable(part);
      if (found !== null) {
        done(refusal(found.code, {}, found.path || undefined));
        return;
      }
    }
    done();
  });
}
