import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createDb, createPool } from '../src/db/client';
import { switchesWithout } from '../src/db/performance';
import { runIdempotent } from '../src/modules/ledger/idempotency';
import { createTestApp, registerUser, type TestApp } from './harness';

/**
 * The pool's connections pipeline their statements (db/performance/pipelining.ts: pg's own
 * `pipeline` option). What must hold: it is on unless switched off; a statement issued without
 * awaiting it before COMMIT is part of the transaction; such a statement failing rolls the whole
 * transaction back; and runIdempotent, which leaves its stored answer unawaited that way, reports
 * the failure and keeps nothing of the operation.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query('CREATE TABLE IF NOT EXISTS pipelining_probe (n int)');
});
afterAll(async () => {
  await t?.close();
});

async function pipelined(pool: pg.Pool): Promise<boolean> {
  const client = await pool.connect();
  try {
    return client.pipeline;
  } finally {
    client.release();
  }
}

/** Runs `check` on a pool of one connection, then empties the probe table and ends the pool. */
async function onOneConnection(
  check: (pool: pg.Pool, db: ReturnType<typeof createDb>) => Promise<void>,
): Promise<void> {
  const pool = createPool(t.databaseUrl, 1);
  try {
    await check(pool, createDb(pool));
  } finally {
    await pool.query('DELETE FROM pipelining_probe');
    await pool.end();
  }
}

describe('pipelined statements (db/performance/pipelining.ts)', () => {
  it("uses pg's pipeline mode, unless PERFORMANCE_OFF=pipelining", async () => {
    const on = createPool(t.databaseUrl, 1);
    const off = createPool(t.databaseUrl, 1, switchesWithout(['pipelining']));
    try {
      expect(await pipelined(on)).toBe(true);
      expect(await pipelined(off)).toBe(false);
    } finally {
      await Promise.all([on.end(), off.end()]);
    }
  });

  it('commits a statement issued without awaiting it before COMMIT', async () => {
    await onOneConnection(async (pool, db) => {
      let last: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO pipelining_probe (n) VALUES (${1})`);
        await tx.execute(sql`INSERT INTO pipelining_probe (n) VALUES (${2})`);
        last = tx.execute(sql`INSERT INTO pipelining_probe (n) VALUES (${3})`).then(() => 3);
      });
      expect(await last).toBe(3);
      const { rows } = await pool.query<{ n: number }>(
        'SELECT n FROM pipelining_probe WHERE n <= 3 ORDER BY n',
      );
      expect(rows.map((r) => r.n)).toEqual([1, 2, 3]);
    });
  });

  it('rolls the transaction back when an unawaited statement before COMMIT fails', async () => {
    await onOneConnection(async (pool, db) => {
      let failing: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO pipelining_probe (n) VALUES (${10})`);
        failing = tx.execute(sql`SELECT 1 / ${0}::int`).then(() => 'answered');
        failing.catch(() => {});
      });
      await expect(failing).rejects.toThrow();
      const { rows } = await pool.query('SELECT n FROM pipelining_probe WHERE n = 10');
      expect(rows).toEqual([]);
      // The connection serves the next transaction normally.
      await db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO pipelining_probe (n) VALUES (${11})`);
      });
      const after = await pool.query<{ n: number }>('SELECT n FROM pipelining_probe');
      expect(after.rows).toEqual([{ n: 11 }]);
    });
  });

  it('runIdempotent: an answer that cannot be stored fails the operation and keeps nothing', async () => {
    const { user } = await registerUser(t.app);
    const key = 'pipelined-answer';
    // jsonb refuses the NUL character: the stored answer's update fails after the work's write.
    const run = runIdempotent(
      t.ctx,
      { userId: user.id, key, scope: 'test', payload: {} },
      async (tx) => {
        await tx.execute(sql`INSERT INTO pipelining_probe (n) VALUES (${20})`);
        return { status: 201, body: { note: 'a\u0000b' } };
      },
    );
    await expect(run).rejects.toThrow(/Unicode|\\u0000/);
    const probe = await t.pool.query('SELECT n FROM pipelining_probe WHERE n = 20');
    expect(probe.rows).toEqual([]);
    const keys = await t.pool.query('SELECT id FROM idempotency_keys WHERE user_id = $1', [
      user.id,
    ]);
    expect(keys.rows).toEqual([]);
    // The same key then runs afresh and is stored.
    const again = await runIdempotent(
      t.ctx,
      { userId: user.id, key, scope: 'test', payload: {} },
      async (tx) => {
        await tx.execute(sql`INSERT INTO pipelining_probe (n) VALUES (${21})`);
        return { status: 201, body: { note: 'stored' } };
      },
    );
    expect(again).toEqual({ status: 201, body: { note: 'stored' }, replayed: false });
    const stored = await t.pool.query<{ response_body: unknown }>(
      'SELECT response_body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [user.id, key],
    );
    expect(stored.rows).toEqual([{ response_body: { note: 'stored' } }]);
  });
});
