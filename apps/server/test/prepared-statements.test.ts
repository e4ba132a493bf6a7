import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { createDb, createPool, type DbOrTx } from '../src/db/client';
import {
  connectionOf,
  MAX_PER_CONNECTION,
  preparedPer,
  statementName,
} from '../src/db/performance';
import { createTestApp, type TestApp } from './harness';

/**
 * The product's pool sends each parameterised statement as a named prepared statement (parsed and
 * planned once per connection, db/performance/prepared-statements.ts). What must hold: the same text runs
 * under one name on a connection and answers with the values of each call; statements without
 * parameters (several in one text, as migrations send) keep the simple protocol; a connection
 * names at most MAX_PER_CONNECTION texts and runs the rest unnamed, with the same answers.
 */

let t: TestApp;

/** A temporary table of this test's own (created on the connection that uses it). */
const probe = pgTable('prepared_probe', { n: integer('n') });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function preparedOn(client: { query: (text: string) => Promise<{ rows: unknown[] }> }) {
  const result = await client.query('SELECT name, statement FROM pg_prepared_statements');
  return result.rows as { name: string; statement: string }[];
}

describe('named prepared statements on the pool', () => {
  it('prepares a parameterised text once per connection and answers each call with its values', async () => {
    const pool = createPool(t.databaseUrl, 1);
    try {
      const text = 'SELECT $1::int * 2 AS doubled';
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const { rows } = await pool.query<{ doubled: number }>(text, [n]);
        answers.push(rows[0]!.doubled);
      }
      expect(answers).toEqual([2, 4, 6]);
      const client = await pool.connect();
      try {
        const named = await preparedOn(client);
        expect(named).toEqual([{ name: statementName(text), statement: text }]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('keeps the simple protocol for texts without parameters (several statements in one)', async () => {
    const pool = createPool(t.databaseUrl, 1);
    try {
      const results = (await pool.query('SELECT 1 AS one; SELECT 2 AS two')) as unknown as {
        rows: unknown[];
      }[];
      expect(results.map((r) => r.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
      expect(await preparedOn(pool)).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it('names at most MAX_PER_CONNECTION texts on a connection; the rest run unnamed', async () => {
    const pool = createPool(t.databaseUrl, 1);
    try {
      const extra = 5;
      for (let i = 0; i < MAX_PER_CONNECTION + extra; i += 1) {
        const { rows } = await pool.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1]);
        expect(rows[0]!.n).toBe(1 + i);
      }
      expect((await preparedOn(pool)).length).toBe(MAX_PER_CONNECTION);
      // A text named before the cap still runs under its name.
      const { rows } = await pool.query<{ n: number }>('SELECT $1::int + 0 AS n', [41]);
      expect(rows[0]!.n).toBe(41);
    } finally {
      await pool.end();
    }
  });

  it('the app pool runs a signed-in read under named statements', async () => {
    const before = await t.ctx.pool.query<{ n: number }>('SELECT $1::int AS n', [7]);
    expect(before.rows[0]!.n).toBe(7);
    const client = await t.ctx.pool.connect();
    try {
      const again = await client.query<{ n: number }>('SELECT $1::int AS n', [8]);
      expect(again.rows[0]!.n).toBe(8);
      const named = await preparedOn(client);
      expect(named.map((s) => s.name)).toContain(statementName('SELECT $1::int AS n'));
    } finally {
      client.release();
    }
  });
});

describe('queries prepared per pooled connection (db/prepared.ts)', () => {
  it('builds once per connection, runs inside each transaction on it, and rolls back with it', async () => {
    const pool = createPool(t.databaseUrl, 1);
    const db = createDb(pool);
    try {
      await db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS prepared_probe (n int)`);
      let builds = 0;
      const insertProbe = preparedPer((handle: DbOrTx) => {
        builds += 1;
        return handle
          .insert(probe)
          .values({ n: sql.placeholder('n') })
          .returning()
          .prepare('insert_prepared_probe');
      });
      // Three transactions on the pool's one connection: built once, each insert in its own.
      await db.transaction(async (tx) => {
        expect(await insertProbe(tx).execute({ n: 1 })).toEqual([{ n: 1 }]);
      });
      await expect(
        db.transaction(async (tx) => {
          await insertProbe(tx).execute({ n: 2 });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await db.transaction(async (tx) => {
        await insertProbe(tx).execute({ n: 3 });
      });
      expect(builds).toBe(1);
      const rows = await db.execute<{ n: number }>(sql`SELECT n FROM prepared_probe ORDER BY n`);
      expect(rows.rows.map((r) => r.n)).toEqual([1, 3]);
      // Outside a transaction the handle runs on the pool: a query of its own.
      await insertProbe(db).execute({ n: 4 });
      expect(builds).toBe(2);
      expect(connectionOf(db)).toBe(db);
    } finally {
      await pool.end();
    }
  });
});
