import path from 'node:path';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import * as cts from '../src/modules/copy-trading/copy-trading.schema';
import { createTestApp, type TestApp } from './harness';
import { issuerOf, tableOwnershipRecorder, tableOwners } from './table-ownership.recorder';

/**
 * The table-ownership check on executed statements (table-ownership.recorder.ts) catches each way
 * around it that a check of source text missed: each probe runs its statement for real, from code
 * whose stack frames say it lives in another module (vm's `filename`), and must be reported; the
 * same statement from the owner must not be. Every statement matches no row (`WHERE false`).
 */

let t: TestApp;
const recorder = tableOwnershipRecorder();
const SRC = path.resolve(import.meta.dirname, '../src');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Probe = (ctx: AppContext, tables: typeof cts, query: typeof sql) => Promise<unknown>;

/** `body` compiled as if it were a file of `module`. */
function fromModule(module: string, body: string): Probe {
  const filename = path.join(SRC, 'modules', module, 'ownership-probe.ts');
  return vm.runInThisContext(`(async (ctx, cts, sql) => {\n${body}\n})`, { filename }) as Probe;
}

async function violationsOf(module: string, body: string): Promise<string[]> {
  const probe = fromModule(module, body);
  return recorder.capture(async () => {
    await probe(t.ctx, cts, sql);
  });
}

const BYPASSES: [string, string][] = [
  ['db.update(cts.trades)', "await ctx.db.update(cts.trades).set({ units: '0' }).where(sql`false`);"],
  ['UPDATE public.trades', "await ctx.db.execute(sql`UPDATE public.trades SET id = id WHERE false`);"],
  ['INSERT INTO "strategies"', `await ctx.pool.query('INSERT INTO "strategies" SELECT * FROM strategies WHERE false');`],
  ['lower-case update trades', "await ctx.pool.query('update trades set id = id where false');"],
  ['ctx.pool.query writing another table', "await ctx.pool.query('DELETE FROM trades WHERE false AND id = $1', ['00000000-0000-0000-0000-000000000000']);"],
  ['a write inside a CTE on a checked-out client', `const client = await ctx.pool.connect();
   try { await client.query('WITH gone AS (DELETE FROM trades WHERE false RETURNING id) SELECT count(*) FROM gone'); }
   finally { client.release(); }`],
  ['a write inside a transaction', 'await ctx.db.transaction(async (tx) => { await tx.delete(cts.strategies).where(sql`false`); });'],
]; // prettier-ignore

describe('table ownership on executed statements', () => {
  it('every table a migration creates has an owner', () => {
    expect(tableOwners().unowned).toEqual([]);
  });

  it.each(BYPASSES)('catches %s from another module', async (_name, body) => {
    const violations = await violationsOf('notifications', body);
    expect(violations.length).toBeGreaterThan(0);
    expect(violations[0]).toMatch(
      /^notifications writes (trades|strategies) \(owned by copy-trading\) at src\/modules\/notifications\/ownership-probe\.ts:\d+$/,
    );
  });

  it.each(BYPASSES)('lets the owner do %s', async (_name, body) => {
    expect(await violationsOf('copy-trading', body)).toEqual([]);
  });

  it('names the issuing module by the innermost frame of ours', () => {
    const frames = [
      { file: path.resolve(import.meta.dirname, 'table-ownership.recorder.ts'), line: 1 },
      { file: 'node:diagnostics_channel', line: 1 },
      { file: path.join(SRC, 'db/statement-channel.ts'), line: 9 },
      { file: path.join(SRC, 'modules/ledger/ledger.service.ts'), line: 12 },
      { file: path.join(SRC, 'modules/deposits/deposits.service.ts'), line: 40 },
    ];
    expect(issuerOf(frames)).toEqual({ issuer: 'ledger', site: 'src/modules/ledger/ledger.service.ts:12' });
    expect(issuerOf([{ file: '/x/node_modules/drizzle-orm/a.js', line: 1 }])).toBeUndefined();
  }); // prettier-ignore
});
