import { z } from 'zod';
import { RULE_CODES, type RuleCode } from '../../rules';
import { none } from './shapes';

/** The request itself: its shape, size, encoding, protection and idempotency key. */
export const REQUEST_ERROR_PARAMS = {
  /**
   * A schema rule or the HTTP layer refused the input: `rule` names it (rules.ts) and the other
   * parameters fill its text; the message is the rule's English text. Fastify's own refusals of a
   * malformed request (bad JSON, an empty body) name no rule and keep Fastify's message.
   */
  VALIDATION_FAILED: z
    .object({ rule: z.enum(RULE_CODES as [RuleCode, ...RuleCode[]]).optional() })
    .catchall(z.union([z.string(), z.number()])),
  /** A path parameter over the router's length limit. */
  ADDRESS_TOO_LONG: none,
  /** No route answers this method and path. */
  NOT_FOUND: z.object({ method: z.string(), path: z.string() }),
  METHOD_NOT_ALLOWED: z.object({ method: z.string() }),
  PAYLOAD_TOO_LARGE: none,
  /** Headers over the server's size limit (431), refused by the HTTP parser. */
  REQUEST_HEADERS_TOO_LARGE: none,
  REQUEST_TIMEOUT: none,
  /** A body in a content type the route does not declare (null: a body with no content type). */
  UNSUPPORTED_MEDIA_TYPE: z.object({ contentType: z.string().nullable() }),
  CSRF_REJECTED: none,
  RATE_LIMITED: none,
  /** The text contains U+0000, which PostgreSQL text cannot hold. */
  TEXT_CONTAINS_NUL: none,
  /** The text holds half of a UTF-16 surrogate pair, which no JSON column can store. */
  TEXT_NOT_UNICODE: none,
  INVALID_CURSOR: none,
  IDEMPOTENCY_KEY_INVALID: none,
  /** The same Idempotency-Key was sent with a different request. */
  IDEMPOTENCY_CONFLICT: none,
  /** The first request with this Idempotency-Key has not finished yet. */
  REQUEST_IN_PROGRESS: none,
  /** The Idempotency-Key is past its retention: its answer is no longer kept (docs/data-retention.md). */
  IDEMPOTENCY_KEY_EXPIRED: none,
  INTERNAL: none,
} as const;
