import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@app/shared/http';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { hourlyRetentionJob } from '../../jobs/retention-sweep';
import type { Job } from '../../jobs/scheduler';
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
 * The answer stored under a key already used, for a replay: refused when the key came with another
 * request or now names something else (409), while its first request still runs, or once its
 * answer was dropped.
 */
async function storedAnswer<T>(
  tx: Tx,
  stored: { userId: string; key: string; hash: string },
  resolveTarget: (tx: Tx) => Promise<string | null>,
): Promise<{ status: number; body: T }> {
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, stored.userId), eq(idempotencyKeys.key, stored.key)));
  if (!existing || existing.requestHash !== stored.hash) {
    throw refusal('IDEMPOTENCY_CONFLICT', {}, 'Idempotency-Key');
  }
  if (existing.responseStatus === null) {
    throw refusal('REQUEST_IN_PROGRESS');
  }
  if (existing.answerDroppedAt !== null) {
    throw refusal('IDEMPOTENCY_KEY_EXPIRED', {}, 'Idempotency-Key');
  }
  if (existing.target !== null) {
    const now = await resolveTarget(tx);
    if (now !== null && now !== existing.target) {
      throw refusal('IDEMPOTENCY_CONFLICT', {}, 'Idempotency-Key');
    }
  }
  return { status: existing.responseStatus, body: existing.responseBody as T };
}

/**
 * Runs a money operation in one database transaction, at most once per (user, key).
 *
 * With a key, the key row is inserted FIRST in the transaction. A concurrent request with the same
 * key blocks on the unique index until the first commits, then finds the row and gets the stored
 * answer verbatim (or 409 IDEMPOTENCY_CONFLICT when its body or endpoint differs). If the first
 * fails (a 4xx, nothing booked), its transaction rolls back with the key row, so a retry runs
 * again — nothing is remembered for an operation that changed nothing.
 *
 * `target`, for a request whose object is resolved from the state rather than named in it (the
 * trade `/api/trades/current/...` means now): resolved once in the transaction, handed to `work`,
 * and stored with the answer, so the key is bound to what it acted on. Sent again while the state
 * names something else (a new trade opened since), the key is a conflict (409), never a replay
 * that leaves the new one as it was; while it names the same thing or nothing (the trade it
 * closed), the answer is replayed.
 *
 * A key past its retention whose stored answer was dropped (see sweepIdempotencyKeys) is refused
 * with IDEMPOTENCY_KEY_EXPIRED.
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  options: {
    userId: string;
    key: string | undefined;
    scope: string;
    payload: unknown;
    target?: (tx: Tx) => Promise<string | null>;
  },
  work: (tx: Tx, keyId: bigint | null, target: string | null) => Promise<OperationResult<T>>,
): Promise<IdempotentOutcome<T>> {
  const { userId, key, scope } = options;
  const resolveTarget = (tx: Tx) => options.target?.(tx) ?? Promise.resolve(null);
  const hash = requestHash(scope, options.payload);
  type Outcome = { fresh: OperationResult<T> } | { replay: { status: number; body: T } };
  /** The stored answer's update, sent with what follows it (see below). */
  let answered: Promise<unknown> | undefined;
  const transaction = ctx.db.transaction(async (tx): Promise<Outcome> => {
    if (key === undefined) {
      const result = await work(tx, null, await resolveTarget(tx));
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
      const target = await resolveTarget(tx);
      const result = await work(tx, keyId, target);
      // A template, like the insert above: the builder's update cost 46 us to build each time.
      // Not awaited here, so it travels with the last writes or COMMIT (db/performance/pipelining.ts): if it
      // fails, the transaction is aborted and COMMIT rolls back, and awaiting it below reports
      // why. Made a promise once with `.then`: a Drizzle query runs again at each await.
      answered = tx
        .execute(
          sql`
          UPDATE idempotency_keys
          SET response_status = ${result.status}, response_body = ${JSON.stringify(result.body)}::jsonb,
            target = ${target}
          WHERE id = ${keyId}`,
        )
        .then(() => undefined);
      answered.catch(() => {}); // awaited below
      await result.lastWrites?.();
      return { fresh: result };
    }
    return { replay: await storedAnswer<T>(tx, { userId, key, hash }, resolveTarget) };
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

/** How long a key's stored answer is kept (docs/data-retention.md). */
export const IDEMPOTENCY_RETENTION_DAYS = 30;
const SWEEP_BATCH = 1000;

/**
 * The retention sweep: keys older than IDEMPOTENCY_RETENTION_DAYS at `now` are deleted, except
 * those a journal entry references (journal_entries.idempotency_key_id; entries are append-only, so
 * the reference can be neither cleared nor left dangling): those keep their row and lose their
 * stored answer. In batches, each its own short transaction. Returns how many were deleted and
 * how many answers were dropped.
 */
export async function sweepIdempotencyKeys(
  ctx: AppContext,
  now: Date,
): Promise<{ deleted: number; dropped: number }> {
  const before = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString();
  let deleted = 0;
  let dropped = 0;
  for (;;) {
    const gone = await ctx.db.execute(sql`
      DELETE FROM idempotency_keys WHERE id IN (
        SELECT k.id FROM idempotency_keys k
        WHERE k.created_at < ${before}
          AND NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.idempotency_key_id = k.id)
        LIMIT ${SWEEP_BATCH})`);
    const kept = await ctx.db.execute(sql`
      UPDATE idempotency_keys SET response_body = NULL, answer_dropped_at = ${now.toISOString()}
      WHERE id IN (
        SELECT k.id FROM idempotency_keys k
        WHERE k.created_at < ${before} AND k.answer_dropped_at IS NULL
          AND EXISTS (SELECT 1 FROM journal_entries j WHERE j.idempotency_key_id = k.id)
        LIMIT ${SWEEP_BATCH})`);
    deleted += gone.rowCount ?? 0;
    dropped += kept.rowCount ?? 0;
    if ((gone.rowCount ?? 0) < SWEEP_BATCH && (kept.rowCount ?? 0) < SWEEP_BATCH) break;
  }
  return { deleted, dropped };
}

/** Hourly: the sweep above. */
export function idempotencyRetentionJob(ctx: AppContext): Job {
  return hourlyRetentionJob(ctx.log, {
    name: 'ledger.idempotency-retention',
    remove: (now) => sweepIdempotencyKeys(ctx, now),
    removedMessage: 'idempotency keys past retention',
  });
}
