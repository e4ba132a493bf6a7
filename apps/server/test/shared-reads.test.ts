import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createReads,
  createSharedReads,
  SHARED_READS_APPLICATION,
  switchesWithout,
} from '../src/db/performance';
import { createTestApp, type TestApp } from './harness';

/**
 * The hottest reads share a few pipelined connections (db/performance/shared-reads.ts). What must hold: each
 * caller gets its own statement's answer however many run at once; a failing statement fails
 * alone; a lost connection fails only what was on it, and the next read opens a new one; ending
 * closes every connection.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function laneBackends(): Promise<number[]> {
  const { rows } = await t.pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
    [SHARED_READS_APPLICATION],
  );
  return rows.map((r) => r.pid);
}

describe('shared read connections', () => {
  it('with PERFORMANCE_OFF=shared-reads, reads run on the pool and open no lane', async () => {
    const before = await laneBackends();
    const reads = createReads(t.databaseUrl, t.pool, switchesWithout(['shared-reads']));
    const answer = await reads.query<{ n: number }>({ text: 'SELECT $1::int AS n', values: [7] });
    const [drizzled] = (await reads.db.execute(sql`SELECT 8 AS n`)).rows;
    expect([answer.rows[0]?.n, drizzled?.n]).toEqual([7, 8]);
    expect(await laneBackends()).toEqual(before);
    await reads.end();
    // Ending it leaves the pool, which is the app's, open.
    expect((await t.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('answers each of many concurrent statements with its own values, filling a lane before the next', async () => {
    const reads = createSharedReads(t.databaseUrl, { lanes: 2, depth: 8 });
    try {
      const before = await laneBackends();
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, n) =>
          reads.query<{ n: number; twice: number }>({
            text: 'SELECT $1::int AS n, $1::int * 2 AS twice',
            values: [n],
          }),
        ),
      );
      expect(answers.map((a) => a.rows)).toEqual(
        Array.from({ length: 200 }, (_, n) => [{ n, twice: 2 * n }]),
      );
      const drizzled = await reads.db.execute<{ n: number }>(sql`SELECT ${41}::int + 1 AS n`);
      expect(drizzled.rows).toEqual([{ n: 42 }]);
      const opened = (await laneBackends()).filter((pid) => !before.includes(pid));
      expect(opened).toHaveLength(2);
      // Fewer statements than a lane's depth at a time: all on the first lane.
      const pids = new Set<number>();
      for (let round = 0; round < 5; round += 1) {
        const few = await Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            reads.query<{ pid: number }>({
              text: 'SELECT pg_backend_pid() AS pid WHERE $1::int >= 0',
              values: [n],
            }),
          ),
        );
        for (const answer of few) pids.add(answer.rows[0]!.pid);
      }
      expect(pids.size).toBe(1);
    } finally {
      await reads.end();
    }
  });

  it('fails a failing statement alone', async () => {
    const reads = createSharedReads(t.databaseUrl, { lanes: 1, depth: 8 });
    try {
      const [first, failing, last] = await Promise.allSettled([
        reads.query<{ n: number }>({ text: 'SELECT $1::int AS n', values: [1] }),
        reads.query({ text: 'SELECT 1 / $1::int', values: [0] }),
        reads.query<{ n: number }>({ text: 'SELECT $1::int AS n', values: [3] }),
      ]);
      expect(first.status === 'fulfilled' && first.value.rows).toEqual([{ n: 1 }]);
      expect(failing.status).toBe('rejected');
      expect(last.status === 'fulfilled' && last.value.rows).toEqual([{ n: 3 }]);
    } finally {
      await reads.end();
    }
  });

  it('opens a new connection after losing one, and closes them all when ended', async () => {
    const reads = createSharedReads(t.databaseUrl, { lanes: 1, depth: 8 });
    const before = await laneBackends();
    const answer = await reads.query<{ pid: number }>({
      text: 'SELECT pg_backend_pid() AS pid WHERE $1::int = 1',
      values: [1],
    });
    const lost = answer.rows[0]!.pid;
    await t.pool.query('SELECT pg_terminate_backend($1)', [lost]);
    // A statement sent before the loss is heard fails with it; reads after it get a new one.
    await reads.query({ text: 'SELECT $1::int', values: [1] }).catch(() => undefined);
    const after = await reads.query<{ pid: number }>({
      text: 'SELECT pg_backend_pid() AS pid WHERE $1::int = 1',
      values: [1],
    });
    expect(after.rows[0]!.pid).not.toBe(lost);
    await reads.end();
    const left = (await laneBackends()).filter((pid) => !before.includes(pid));
    expect(left).toEqual([]);
    await expect(reads.query({ text: 'SELECT 1' })).rejects.toThrow('shared reads ended');
  });
});
