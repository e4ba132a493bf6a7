import type pg from 'pg';

/** One attempt to count in one bucket: its hashed key and how long a window lasts there. */
export interface BucketHit {
  keyHash: Buffer;
  windowMs: number;
}

/** A bucket's state after a hit: the attempts in its current window, and when that ends. */
export interface BucketCount {
  keyHash: Buffer;
  hits: number;
  windowEndsAt: Date;
}

/**
 * Where brute-force counters live. The PostgreSQL store below is the only implementation: every
 * instance and WEB_CONCURRENCY worker counts in the same rows, and a restart forgets nothing.
 */
export interface RateLimitStore {
  /** Counts one attempt in every bucket, in one atomic statement. */
  hit: (buckets: BucketHit[], now: Date) => Promise<BucketCount[]>;
  /** Takes one attempt back from each bucket, if its window is still the one it was counted in. */
  refund: (counts: BucketCount[]) => Promise<void>;
  /** Forgets these buckets (an account's failures once its owner proved the mailbox). */
  clear: (keyHashes: Buffer[]) => Promise<void>;
  /** Deletes up to `limit` buckets whose window ended before `now`; returns how many. */
  purgeExpired: (now: Date, limit: number) => Promise<number>;
}

const compareKeys = (a: { keyHash: Buffer }, b: { keyHash: Buffer }) =>
  Buffer.compare(a.keyHash, b.keyHash);

export function createPgRateLimitStore(pool: pg.Pool): RateLimitStore {
  return {
    async hit(buckets, now) {
      if (buckets.length === 0) return [];
      // Sorted, so two requests touching the same buckets lock them in the same order (no
      // deadlock); deduplicated, since one statement may not update a row twice.
      const unique = [...new Map(buckets.map((b) => [b.keyHash.toString('hex'), b])).values()].sort(
        compareKeys,
      );
      const result = await pool.query<{ key_hash: Buffer; hits: number; window_ends_at: Date }>({
        name: 'rate_limit_hit',
        text: `INSERT INTO rate_limit_buckets AS b (key_hash, window_started_at, window_ends_at, hits)
               SELECT k, $2::timestamptz, e, 1
                 FROM unnest($1::bytea[], $3::timestamptz[]) WITH ORDINALITY AS t(k, e, i)
                ORDER BY i
               ON CONFLICT (key_hash) DO UPDATE SET
                 hits = CASE WHEN b.window_ends_at <= $2 THEN 1 ELSE b.hits + 1 END,
                 window_started_at = CASE WHEN b.window_ends_at <= $2
                   THEN excluded.window_started_at ELSE b.window_started_at END,
                 window_ends_at = CASE WHEN b.window_ends_at <= $2
                   THEN excluded.window_ends_at ELSE b.window_ends_at END
               RETURNING key_hash, hits, window_ends_at`,
        values: [
          unique.map((b) => b.keyHash),
          now,
          unique.map((b) => new Date(now.getTime() + b.windowMs)),
        ],
      });
      return result.rows.map((row) => ({
        keyHash: row.key_hash,
        hits: row.hits,
        windowEndsAt: row.window_ends_at,
      }));
    },

    async refund(counts) {
      // One bucket per statement: a refund never holds two row locks, so it cannot deadlock.
      for (const count of [...counts].sort(compareKeys)) {
        await pool.query({
          name: 'rate_limit_refund',
          text: `UPDATE rate_limit_buckets SET hits = hits - 1
                  WHERE key_hash = $1 AND window_ends_at = $2 AND hits > 0`,
          values: [count.keyHash, count.windowEndsAt],
        });
      }
    },

    async clear(keyHashes) {
      for (const keyHash of keyHashes) {
        await pool.query({
          name: 'rate_limit_clear',
          text: 'DELETE FROM rate_limit_buckets WHERE key_hash = $1',
          values: [keyHash],
        });
      }
    },

    async purgeExpired(now, limit) {
      // SKIP LOCKED: the purge never waits for (or deadlocks with) a hit on the same rows.
      const result = await pool.query({
        name: 'rate_limit_purge',
        text: `DELETE FROM rate_limit_buckets WHERE key_hash IN (
                 SELECT key_hash FROM rate_limit_buckets WHERE window_ends_at <= $1
                  LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        values: [now, limit],
      });
      return result.rowCount ?? 0;
    },
  };
}
