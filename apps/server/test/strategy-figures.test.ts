import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StrategyList, StrategyRecord } from '@app/shared/schemas/strategies';
import { DAY_MS, Dec, floorToCents, HOUR_MS } from '../src/modules/market/domain';
import { returnPcts, windowReturns } from '../src/modules/copy-trading/domain';
import { strategyFiguresOf } from '../src/modules/copy-trading';
import { figuresRows } from '../src/modules/copy-trading/strategies/strategy-figures.repo';
import { refreshFigures } from '../src/modules/copy-trading/strategies/strategy-figures';
import { TestClient } from './harness';
import { historyFiguresOf } from './strategy-figures-helpers';
import { fundedInvestor } from './money-helpers';
import { passTime, type ScriptedTradingApp, useSilverAllInBtc } from './copy-trading-helpers';

/**
 * strategy_figures kept in step (issue 43): after every change a list's figures are exactly the
 * live computation (the domain functions over the history and the open copies). The returns, the
 * copiers and the money copying are live; the history figures are as of the last refresh, which
 * the hourly job and a strategy's first tick make.
 */

let t: ScriptedTradingApp;
let admin: TestClient;
const world = useSilverAllInBtc((made) => ({ t, admin } = made));

/** One strategy's figures at `now` as the domain functions compute them from the history. */
async function live(id: string, now: number) {
  const raw = await t.db.execute<{ at: Date; nav: string }>(
    sql`SELECT at, nav::text AS nav FROM nav_snapshots WHERE strategy_id = ${id} ORDER BY at`,
  );
  const [strategy] = (
    await t.db.execute<{ nav: string; nav_at: Date | null; copiers: string; units: string }>(sql`
      SELECT s.nav::text, s.nav_at,
        (SELECT count(*) FROM trades WHERE strategy_id = s.id AND status = 'open'
           AND book = 'real')::text AS copiers,
        (SELECT coalesce(sum(units), 0) FROM trades WHERE strategy_id = s.id AND status = 'open'
           AND book = 'real')::text AS units
      FROM strategies s WHERE s.id = ${id}`)
  ).rows;
  if (!strategy) throw new Error(`no strategy ${id}`);
  const navAt = strategy.nav_at === null ? null : new Date(strategy.nav_at).getTime();
  const { figures: history } = await historyFiguresOf(t.db, id, now, { nav: strategy.nav, navAt });
  const units = new Dec(strategy.units);
  const nav = new Dec(strategy.nav);
  return {
    returns: returnPcts(
      windowReturns(
        raw.rows.map((p) => ({ at: new Date(p.at).getTime(), nav: p.nav })),
        now,
      ),
    ),
    copiers: Number(strategy.copiers),
    aumCents: units.gt(0) && nav.gt(0) ? floorToCents(nav.times(units)) : 0n,
    history,
  };
}

/**
 * Every strategy's row, as kept (not read live), equals the live computation: its returns, its
 * copiers and the money copying it now; its history figures at the instant they were stated
 * (checked against now when that instant is now). The list and the strategy's page say the same.
 */
async function expectKept(label: string): Promise<{ historyNow: number }> {
  const now = t.clock.now().getTime();
  const ids = (
    await t.db.execute<{ id: string }>(sql`SELECT id::text FROM strategies ORDER BY id`)
  ).rows.map((r) => r.id);
  const rows = await figuresRows(t.db, ids);
  const read = await strategyFiguresOf(t.ctx, ids);
  const list = (await new TestClient(t.app).get('/api/strategies')).json<StrategyList>().strategies;
  let historyNow = 0;
  for (const id of ids) {
    const row = rows.get(id);
    const figures = await live(id, now);
    const at = `${label}: ${id}`;
    expect(row?.windowHour?.getTime(), at).toBe(Math.floor(now / HOUR_MS) * HOUR_MS);
    expect(row?.returns, at).toEqual(figures.returns);
    expect(row?.copiers, at).toBe(figures.copiers);
    expect(row?.aumCents, at).toBe(figures.aumCents);
    if (row?.asOf.getTime() === now) {
      historyNow += 1;
      expect(
        {
          avgDailyReturnPct: row.avgDailyReturnPct,
          maxDrawdownPct: row.maxDrawdownPct,
          losingDays: row.losingDays,
          recordMaxDrawdownPct: row.recordMaxDrawdownPct,
          riskScore: row.riskScore,
          startedAt: row.startedAt,
        },
        at,
      ).toEqual(figures.history);
    }
    const stated = read.get(id);
    expect(stated?.returns, at).toEqual(figures.returns);
    const listed = list.find((s) => s.id === id);
    expect(listed, at).toMatchObject({
      return30dPct: figures.returns['30d'],
      copiers: figures.copiers,
      aumCents: Number(figures.aumCents),
      avgDailyReturnPct: row?.avgDailyReturnPct ?? null,
      maxDrawdownPct: row?.maxDrawdownPct ?? null,
      losingDays: row?.losingDays ?? 0,
    });
    const record = (
      await new TestClient(t.app).get(`/api/strategies/${id}/record`)
    ).json<StrategyRecord>();
    expect(record.returns, at).toEqual(figures.returns);
    expect(record.maxDrawdownPct, at).toBe(row?.recordMaxDrawdownPct ?? null);
    expect(record.risk.riskScore, at).toBe(row?.riskScore ?? null);
  }
  return { historyNow };
}

const silverId = async () =>
  (
    await t.db.execute<{ id: string }>(
      sql`SELECT strategy_id::text AS id FROM plans WHERE id = ${world.planId}`,
    )
  ).rows[0]!.id;

describe('strategy_figures kept in step', () => {
  it('copies opened, resized and closed, ticks, and the hour and the day turning: every row is the live computation', async () => {
    const id = await silverId();
    await world.tickAt('100000.00');
    await expectKept('start');

    const { client, trade } = await world.copier('Ada Copier', 900_000, { amount: '2000.00' });
    await expectKept('a copy opened');
    expect((await figuresRows(t.db, [id])).get(id)?.copiers).toBe(1);

    // A practice copy of the same strategy: virtual money never counts.
    const { client: practiser } = await fundedInvestor(t, admin, 100_000, 'Pat Practice');
    await t.db.execute(
      sql`UPDATE users SET email_verified_at = now() WHERE email_verified_at IS NULL`,
    );
    const setting = { practiceEnabled: true, startingCents: 1_000_000 };
    expect((await admin.put('/api/admin/settings/practice', setting)).statusCode).toBe(200);
    expect((await practiser.post('/api/practice/start')).statusCode).toBe(201);
    const practice = await practiser.post('/api/trades', {
      planId: world.planId,
      amount: '1500',
      book: 'practice',
    });
    expect(practice.statusCode, practice.body).toBe(201);
    await expectKept('a practice copy opened');
    expect((await figuresRows(t.db, [id])).get(id)?.copiers).toBe(1);

    expect(
      (await client.post(`/api/trades/${trade.id}/add-funds`, { amount: '500' })).statusCode,
    ).toBe(200);
    await expectKept('funds added');
    await world.tickAt('110000.00');
    await expectKept('BTC +10 %');
    // The money copying it is what its one copier would be paid.
    const value = (await client.get('/api/trades/current')).json<{
      trade: { valueCents: number };
    }>().trade.valueCents;
    expect((await figuresRows(t.db, [id])).get(id)?.aumCents).toBe(BigInt(value));
    expect(
      (await client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '300' })).statusCode,
    ).toBe(200);
    await expectKept('funds removed');

    // Past the hour's turn, ten minutes at a time (the tick and the hourly job run as scheduled):
    // the windows' starts move, and the job states the history figures as of its run.
    let refreshed = 0;
    for (let step = 0; step < 8; step += 1) {
      t.market.set({ BTCUSDT: step % 2 === 0 ? '104000.00' : '108000.00' });
      await passTime(t, 10 * 60_000);
      refreshed += (await expectKept(`step ${step}`)).historyNow;
      // The copier looks at their copy (sessions end after 30 idle minutes).
      expect((await client.get('/api/trades/current')).statusCode).toBe(200);
    }
    expect(refreshed, 'the hourly job stated the history figures').toBeGreaterThan(0);

    const closed = await client.post(`/api/trades/${trade.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    await expectKept('the copy closed');
    expect((await figuresRows(t.db, [id])).get(id)).toMatchObject({ copiers: 0, aumCents: 0n });

    // Past the UTC day's turn, an hour at a time: the 90-day and the year's windows move too.
    const toMidnight = DAY_MS - (t.clock.now().getTime() % DAY_MS);
    for (let hours = 0; hours * HOUR_MS < toMidnight + 2 * HOUR_MS; hours += 1) {
      t.market.set({ BTCUSDT: hours % 2 === 0 ? '99000.00' : '112000.00' });
      await passTime(t, HOUR_MS);
    }
    const { historyNow } = await expectKept('the day turned');
    expect(historyNow).toBeGreaterThan(0);
  });

  it('the hourly job alone restates rows it finds out of date', async () => {
    await t.db.execute(sql`
      UPDATE strategy_figures SET window_hour = NULL, window_points = NULL, return_7d_pct = NULL,
        return_30d_pct = NULL, return_all_pct = NULL, avg_daily_return_pct = NULL,
        started_at = NULL, as_of = '2000-01-01'`);
    await refreshFigures(t.ctx, t.clock.now());
    const { historyNow } = await expectKept('restated by the job');
    expect(historyNow).toBeGreaterThan(0);
  });
});
