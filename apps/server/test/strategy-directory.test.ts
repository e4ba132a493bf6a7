import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RETURN_WINDOWS } from '@app/shared/return-windows';
import {
  DIRECTORY_SORTS,
  type DirectoryEntry,
  type StrategyDirectory,
} from '@app/shared/schemas/strategies';
import {
  directoryPage,
  directoryPageQuery,
} from '../src/modules/copy-trading/strategies/directory.repo';
import { planLinksOf } from '../src/modules/plans/plans.repo';
import { TestClient, useTestApp, type TestApp } from './harness';

/**
 * The public directory (issue 43): one page at a time in the order asked, from each strategy's
 * maintained figures (strategy_figures, written here directly: the rows' upkeep is tested with
 * it), a strategy without the figure last, ties by id; the cursor walks every strategy once;
 * paused strategies unless asked to leave them out, retired ones listed as before; a bad query is refused naming
 * its field; and each order is an index range under a limit, not a sort of every row.
 */
let t: TestApp;
useTestApp((made) => ({ t } = made));

const visitor = () => new TestClient(t.app);

/** Ids in the order ties are broken (ascending). */
const ID = {
  A: '00000000-0000-4000-8000-00000000000a',
  B: '00000000-0000-4000-8000-00000000000b',
  C: '00000000-0000-4000-8000-00000000000c',
  D: '00000000-0000-4000-8000-00000000000d',
  E: '00000000-0000-4000-8000-00000000000e',
} as const;
type Name = keyof typeof ID;

interface Figures {
  r7: string | null;
  r30: string | null;
  drawdown: string | null;
  risk: number | null;
  startedAt: string | null;
  copiers: number;
  aumCents: number;
}

/**
 * A and C tie on the 30-day return and on copiers (A first: lower id); B and E start at the same
 * instant; D (paused) starts a microsecond after A; C has no figure but copiers.
 */
const FIXTURE: Record<Name, Figures & { paused?: true; retired?: true }> = {
  A: {
    r7: '1.00',
    r30: '12.50',
    drawdown: '8.00',
    risk: 4,
    startedAt: '2025-03-01T00:00:00.000000Z',
    copiers: 10,
    aumCents: 5_000,
  },
  B: {
    r7: '-2.00',
    r30: '-4.00',
    drawdown: '2.50',
    risk: 7,
    startedAt: '2024-12-01T00:00:00.000000Z',
    copiers: 3,
    aumCents: 90_000,
  },
  C: {
    r7: null,
    r30: '12.50',
    drawdown: null,
    risk: null,
    startedAt: null,
    copiers: 10,
    aumCents: 0,
  },
  D: {
    r7: '5.00',
    r30: '0.00',
    drawdown: '0.00',
    risk: 1,
    startedAt: '2025-03-01T00:00:00.000001Z',
    copiers: 0,
    aumCents: 100,
    paused: true,
  },
  E: {
    r7: '0.50',
    r30: '3.00',
    drawdown: '15.00',
    risk: 9,
    startedAt: '2024-12-01T00:00:00.000000Z',
    copiers: 1,
    aumCents: 100,
    retired: true,
  },
};

async function writeFixture(): Promise<void> {
  for (const [name, fig] of Object.entries(FIXTURE) as [Name, (typeof FIXTURE)[Name]][]) {
    await t.db.execute(sql`
      INSERT INTO strategies (id, name, description, paused_at, retired_at)
      VALUES (${ID[name]}, ${`Directory ${name}`}, 'A fixture',
        ${fig.paused ? sql`now()` : sql`NULL`}, ${fig.retired ? sql`now()` : sql`NULL`})`);
    await t.db.execute(sql`
      UPDATE strategy_figures SET return_7d_pct = ${fig.r7}, return_30d_pct = ${fig.r30},
        record_max_drawdown_pct = ${fig.drawdown}, risk_score = ${fig.risk},
        started_at = ${fig.startedAt}, copiers = ${fig.copiers}, aum_cents = ${fig.aumCents},
        avg_daily_return_pct = '0.40', max_drawdown_pct = '1.25', losing_days = 3,
        return_all_pct = '20.00',
        -- Returns kept for this hour (a row kept for an earlier one is read live from the
        -- history, which this fixture has none of).
        window_hour = ${new Date(Math.floor(t.ctx.clock.now().getTime() / 3_600_000) * 3_600_000).toISOString()}
      WHERE strategy_id = ${ID[name]}`);
  }
}

/** Every page of the directory for `query`, `limit` at a time. */
async function walk(query: string, limit: number): Promise<DirectoryEntry[]> {
  const seen: DirectoryEntry[] = [];
  let cursor: string | null = '';
  for (let page = 0; cursor !== null; page += 1) {
    expect(page, 'the pages end').toBeLessThan(100);
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await visitor().get(
      `/api/strategies/directory?${query}&limit=${limit}${after}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<StrategyDirectory>();
    expect(body.strategies.length).toBeLessThanOrEqual(limit);
    seen.push(...body.strategies);
    cursor = body.nextCursor;
  }
  return seen;
}

/** The fixture's strategies in the order the walk met them. */
const fixtureOrder = (entries: DirectoryEntry[]) =>
  entries
    .flatMap((e) => (Object.entries(ID) as [Name, string][]).filter(([, id]) => id === e.id))
    .map(([name]) => name);

describe('the strategy directory, a page at a time', () => {
  it('orders by each figure, a strategy without it last and ties by id, paused ones left out on request', async () => {
    await writeFixture();
    const order = async (query: string) => fixtureOrder(await walk(`${query}&paused=false`, 2));
    expect(await order('sort=return&window=30d')).toEqual(['A', 'C', 'E', 'B']);
    expect(await order('sort=return&window=7d')).toEqual(['A', 'E', 'B', 'C']);
    expect(await order('sort=drawdown')).toEqual(['B', 'A', 'E', 'C']);
    expect(await order('sort=risk')).toEqual(['A', 'B', 'E', 'C']);
    expect(await order('sort=copiers')).toEqual(['A', 'C', 'B', 'E']);
    expect(await order('sort=aum')).toEqual(['B', 'A', 'E', 'C']);
    expect(await order('sort=age')).toEqual(['B', 'E', 'A', 'C']);
    // The default: by the 30-day return, paused ones listed.
    expect(
      fixtureOrder(
        (await visitor().get('/api/strategies/directory')).json<StrategyDirectory>().strategies,
      ),
    ).toEqual(['A', 'C', 'E', 'D', 'B']);
  });

  it('shows paused strategies (the default), in their place (a microsecond apart by age)', async () => {
    const order = async (query: string) => fixtureOrder(await walk(query, 1));
    expect(await order('sort=return&window=30d')).toEqual(['A', 'C', 'E', 'D', 'B']);
    expect(await order('sort=return&window=7d')).toEqual(['D', 'A', 'E', 'B', 'C']);
    expect(await order('sort=age')).toEqual(['B', 'E', 'A', 'D', 'C']);
    const paused = (await walk('', 50)).find((e) => e.id === ID.D);
    expect(paused).toMatchObject({ paused: true });
    const retired = (await walk('', 50)).find((e) => e.id === ID.E);
    expect(retired?.terms?.retired).toBe(true);
  });

  it('walks every listed strategy exactly once in every order, whatever the page size', async () => {
    const listed = await t.db.execute<{ id: string; paused: boolean }>(
      sql`SELECT id::text, paused_at IS NOT NULL AS paused FROM strategies`,
    );
    for (const paused of [false, true]) {
      const expected = listed.rows
        .filter((r) => paused || !r.paused)
        .map((r) => r.id)
        .sort();
      for (const sort of DIRECTORY_SORTS) {
        for (const window of sort === 'return' ? RETURN_WINDOWS : (['30d'] as const)) {
          for (const limit of [1, 3, 50]) {
            const ids = (await walk(`sort=${sort}&window=${window}&paused=${paused}`, limit)).map(
              (e) => e.id,
            );
            expect(new Set(ids).size, `${sort} ${window} ${limit}`).toBe(ids.length);
            expect([...ids].sort(), `${sort} ${window} ${limit}`).toEqual(expected);
          }
        }
      }
    }
  });

  it('states the figures of the strategy’s row', async () => {
    const [a] = (await walk('sort=copiers', 1)).filter((e) => e.id === ID.A);
    expect(a).toMatchObject({
      name: 'Directory A',
      runBy: 'demo',
      paused: false,
      returns: { '7d': '1.00', '30d': '12.50', '90d': null, '1y': null, all: '20.00' },
      return30dPct: '12.50',
      avgDailyReturnPct: '0.40',
      maxDrawdownPct: '1.25',
      losingDays: 3,
      recordMaxDrawdownPct: '8.00',
      riskScore: 4,
      startedAt: '2025-03-01T00:00:00.000Z',
      copiers: 10,
      aumCents: 5_000,
      positions: [],
      plans: [],
    });
  });

  it('refuses a bad query naming its field', async () => {
    const refused = async (query: string, field: string) => {
      const response = await visitor().get(`/api/strategies/directory?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json(), query).toMatchObject({ error: { field } });
    };
    await refused('sort=best', 'sort');
    await refused('window=2d', 'window');
    await refused('paused=yes', 'paused');
    await refused('limit=0', 'limit');
    await refused('limit=51', 'limit');
    await refused('limit=two', 'limit');
    await refused('cursor=not-a-cursor', 'cursor');
    await refused(`cursor=${'x'.repeat(201)}`, 'cursor');
    // A cursor of another order (or window) would skip or repeat strategies.
    const first = (
      await visitor().get('/api/strategies/directory?sort=risk&limit=1')
    ).json<StrategyDirectory>();
    expect(first.nextCursor).not.toBeNull();
    await refused(`sort=copiers&cursor=${first.nextCursor}`, 'cursor');
    const returns = (
      await visitor().get('/api/strategies/directory?sort=return&window=7d&limit=1')
    ).json<StrategyDirectory>();
    await refused(`sort=return&window=30d&cursor=${returns.nextCursor}`, 'cursor');
    // A cursor whose key is not a number of that order's kind.
    const forged = Buffer.from(`risk|1; DROP TABLE strategies|${ID.A}`).toString('base64url');
    await refused(`sort=risk&cursor=${forged}`, 'cursor');
    const wrongKind = Buffer.from(`age|12.5|${ID.A}`).toString('base64url');
    await refused(`sort=age&cursor=${wrongKind}`, 'cursor');
  });

  it('lists each strategy with the plans copying it, read for the page’s strategies only', async () => {
    await t.db.execute(sql`
      INSERT INTO plans (title, min_cents, max_cents, term_days, strategy_id) VALUES
        ('Plan of A', 100, 1000, 30, ${ID.A}), ('Plan of B', 100, 1000, 30, ${ID.B}),
        ('Another of A', 100, 1000, 30, ${ID.A})`);
    const entries = await walk('sort=copiers', 2);
    const plansOf = (id: string) =>
      entries
        .find((e) => e.id === id)
        ?.plans.map((p) => p.title)
        .sort();
    expect(plansOf(ID.A)).toEqual(['Another of A', 'Plan of A']);
    expect(plansOf(ID.B)).toEqual(['Plan of B']);
    expect(plansOf(ID.C)).toEqual([]);

    // Among 5,000 plans, a page's are found by the index, not by reading every plan.
    await t.db.execute(sql`
      WITH bulk AS (
        INSERT INTO strategies (name) SELECT 'Bulk ' || i FROM generate_series(1, 5000) i
        RETURNING id)
      INSERT INTO plans (title, min_cents, max_cents, term_days, strategy_id)
        SELECT 'Bulk plan', 100, 1000, 30, id FROM bulk`);
    await t.db.execute(sql`ANALYZE plans`);
    const query = planLinksOf(t.db, [ID.A, ID.B, ID.C]).toSQL();
    const plan = (
      await t.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.params)
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(
      /Index (Only )?Scan using plans_strategy_idx|Bitmap Index Scan on plans_strategy_idx/,
    );
    expect(plan).not.toMatch(/Seq Scan on plans/);
  });

  it('reads each order by its index under a limit, not by sorting every strategy', async () => {
    await t.db.execute(sql`
      INSERT INTO strategies (name) SELECT 'Bulk ' || i FROM generate_series(1, 5000) i`);
    await t.db.execute(sql`
      UPDATE strategy_figures SET return_30d_pct = round((random() * 40 - 20)::numeric, 2),
        copiers = (random() * 100)::int, started_at = now() - random() * interval '400 days'
      WHERE strategy_id IN (SELECT id FROM strategies WHERE name LIKE 'Bulk %')`);
    await t.db.execute(sql`ANALYZE strategies`);
    await t.db.execute(sql`ANALYZE strategy_figures`);
    for (const sort of DIRECTORY_SORTS) {
      for (const window of sort === 'return' ? RETURN_WINDOWS : (['30d'] as const)) {
        const order = { sort, window };
        // After the first page of 100: a cursor in the middle of the order.
        const hundredth = (
          await directoryPage(t.db, { order, paused: false, after: undefined, limit: 100 })
        ).at(-1);
        for (const after of [
          undefined,
          hundredth && { key: hundredth.key, id: hundredth.row.id },
        ]) {
          const query = directoryPageQuery(t.db, {
            order,
            paused: false,
            after,
            limit: 21,
          }).toSQL();
          const plan = (
            await t.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.params)
          ).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
          const name = `${sort} ${window} ${after ? 'after a cursor' : 'first page'}`;
          expect(plan, name).toMatch(/^Limit/);
          expect(plan, name).toMatch(
            /Index Scan using strategy_figures_by_\w+ on strategy_figures/,
          );
          expect(plan, name).not.toMatch(/Sort|Seq Scan on strategy_figures/);
          if (after) expect(plan, name).toMatch(/Index Cond: \(ROW\(/);
        }
      }
    }
  });
});
