import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@app/shared/http';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { refusal } from '../../http/errors';
import { idempotencyKeys } from './ledger.schema';

/** What a money operation answers; `afterCommit` (mail kick, realtime) runs only on a fresh run. */
export interface OperationResult<T> {
  status: number;
  body: T;
  afterCommit?: () => void;
  /**
   * Writes that lock a hot shared account (a platform ledger account every request of its kind
   * posts to): run last, after the answer is stored, so that lock is held only until COMMIT. Their
   * failure rolls everything back, the stored answer included.
   */
  lastWrites?: () => Promise<void>;
}

export interface IdempotentOutcome<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** Answers with the operation's (first) status and body, saying whether it was a replay. */
export function sendOutcome<T>(reply: FastifyReply, outcome: IdempotentOutcome<T>): FastifyReply {
  return reply
    .status(outcome.status)
    .header('idempotent-replayed', String(outcome.replayed))
    .send(outcome.body);
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The `Idempotency-Key` header, if sent: 1-200 printable characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) {
    throw refusal('IDEMPOTENCY_KEY_INVALID', {}, 'Idempotency-Key');
  }
  return raw;
}

/** JSON with sorted keys (bigints as text), so the same request always hashes the same. */
export function stableJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export function requestHash(scope: string, payload: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${scope}\n${stableJson(payload)}`)
    .digest('hex');
}

/**
 * Runs a money operation in one database transaction, at most once per (user, key).
 *
 * With a key, the key row is inserted FIRST in the transaction. A concurrent request with the same
 * key blocks on the unique index until the first commits, then finds the row and gets the stored
 * answer verbatim (or 409 IDEMPOTENCY_CONFLICT when its body or endpoint differs). If the first
 * fails (a 4xx, nothing booked), its transaction rolls back with the key row, so a retry runs
 * again — nothing is remembered for an operation that changed nothing.
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  options: { userId: string; key: string | undefined; scope: string; payload: unknown },
  work: (tx: Tx, keyId: bigint | null) => Promise<OperationResult<T>>,
): Promise<IdempotentOutcome<T>> {
  const { userId, key, scope } = options;
  const hash = requestHash(scope, options.payload);
  type Outcome = { fresh: OperationResult<T> } | { replay: { status: number; body: T } };
  /** The stored answer's update, sent with what follows it (see below). */
  let answered: Promise<unknown> | undefined;
  const transaction = ctx.db.transaction(async (tx): Promise<Outcome> => {
    if (key === undefined) {
      const result = await work(tx, null);
      await result.lastWrites?.();
      return { fresh: result };
    }
    const inserted = await tx.execute<{ id: string }>(sql`
      INSERT INTO idempotency_keys (user_id, key, request_hash, created_at)
      VALUES (${userId}, ${key}, ${hash}, ${ctx.clock.now().toISOString()})
      ON CONFLICT (user_id, key) DO NOTHING
      RETURNING id`);
    const row = inserted.rows[0];
    if (row) {
      const keyId = BigInt(row.id);
      const result = await work(tx, keyId);
      // A template, like the insert above: the builder's update cost 46 us to build each time.
      // Not awaited here, so it travels with the last writes or COMMIT (db/pipelining.ts): if it
      // fails, the transaction is aborted and COMMIT rolls back, and awaiting it below reports
      // why. Made a promise once with `.then`: a Drizzle query runs again at each await.
      answered = tx
        .execute(
          sql`
          UPDATE idempotency_keys
          SET response_status = ${result.status}, response_body = ${JSON.stringify(result.body)}::jsonb
          WHERE id = ${keyId}`,
        )
        .then(() => undefined);
      answered.catch(() => {}); // awaited below
      await result.lastWrites?.();
      return { fresh: result };
    }
    const [existing] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!existing || existing.requestHash !== hash) {
      throw refusal('IDEMPOTENCY_CONFLICT', {}, 'Idempotency-Key');
    }
    if (existing.responseStatus === null) {
      throw refusal('REQUEST_IN_PROGRESS');
    }
    return { replay: { status: existing.responseStatus, body: existing.responseBody as T } };
  });
  let outcome: Outcome;
  try {
    outcome = await transaction;
  } catch (error) {
    // A failed answer aborted what came after it: its own error says why.
    await answered;
    throw error;
  }
  await answered;
  if ('replay' in outcome) return { ...outcome.replay, replayed: true };
  outcome.fresh.afterCommit?.();
  return { status: outcome.fresh.status, body: outcome.fresh.body, replayed: false };
}
