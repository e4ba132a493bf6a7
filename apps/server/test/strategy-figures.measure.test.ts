import { describe, expect, it } from 'vitest';
import { buildScaleData } from '../../../bench/lib/scale-data';
import { DAY_MS, Dec } from '../src/modules/market/domain';
import {
  strategyMetrics,
  windowBoundaries,
  windowReturns,
} from '../src/modules/copy-trading/domain';
import * as recordRepo from '../src/modules/copy-trading/strategies/record.repo';
import {
  figuresAfterNavs,
  refreshFigures,
  strategyFiguresOf,
} from '../src/modules/copy-trading/strategies/strategy-figures';
import { createTestApp, TestClient } from './harness';
import { fundedInvestor } from './money-helpers';
import { type ScriptedTradingApp, useSilverAllInBtc } from './copy-trading-helpers';

/**
 * A focused measurement (issue 43, not a test: `FIG_MEASURE=1` runs it): 1,000 strategies with a
 * year of hourly NAV and 100,000 open copies built by SQL (the scale bench's data set at one
 * tenth), then what a list of every strategy costs computing its figures per request (the reads
 * summarise made before strategy_figures) and reading the kept rows, what the job and the tick
 * pay to keep them, and GET /api/strategies.
 */
const ms = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

describe.skipIf(!process.env.FIG_MEASURE)('strategy figures at 1,000 strategies', () => {
  it('measures', async () => {
    const t = await createTestApp();
    try {
      t.clock.advance(Date.now() - t.clock.now().getTime());
      const data = await buildScaleData(
        t.databaseUrl,
        { users: 10_000, strategies: 1_000, copies: 100_000, transactions: 1_000_000 },
        (line) => console.log(line),
      );
      console.log(`built in ${data.buildSeconds.toFixed(0)} s`);
      const ids = (
        await t.db.execute<{ id: string }>('SELECT id::text FROM strategies ORDER BY id')
      ).rows.map((r) => r.id);
      const now = t.clock.now().getTime();

      // Before: the reads summarise made per request (every open copy aggregated, the window
      // points, 31 days of hourly NAV per strategy and the metrics over them).
      const [, before] = await ms(async () => {
        await t.db.execute(`SELECT strategy_id, count(*), sum(units) FROM trades
          WHERE status = 'open' AND book = 'real' GROUP BY strategy_id`);
        const points = await recordRepo.windowPoints(t.db, ids, now, windowBoundaries(now));
        for (const id of ids) {
          windowReturns(points.get(id) ?? [], now);
          const series = await recordRepo.navSeries(t.db, id, now - 31 * DAY_MS, 'hour');
          strategyMetrics(
            series.map((p) => ({ at: p.at.getTime(), nav: p.nav })),
            now,
          );
        }
      });
      const [refreshed, job] = await ms(() => refreshFigures(t.ctx, t.clock.now()));
      const [rows, after] = await ms(() => strategyFiguresOf(t.ctx, ids));
      expect(rows.size).toBe(ids.length);
      const minute = Math.floor(now / 60_000) * 60_000;
      const navs = ids.map((id) => ({ id, nav: new Dec('1.0123456789'), minute }));
      const [, tickKept] = await ms(() => figuresAfterNavs(t.ctx, navs, t.clock.now()));
      // The next minute's points at the same NAVs: nothing to write.
      const [, tickUnchanged] = await ms(() =>
        figuresAfterNavs(
          t.ctx,
          navs.map((n) => ({ ...n, minute: minute + 60_000 })),
          t.clock.now(),
        ),
      );
      // The first tick of an hour reads every strategy's window points again.
      await t.db.execute('UPDATE strategy_figures SET window_hour = NULL');
      const [, tickHourTurn] = await ms(() => figuresAfterNavs(t.ctx, navs, t.clock.now()));
      const lists: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const [reply, took] = await ms(() => new TestClient(t.app).get('/api/strategies'));
        expect(reply.statusCode).toBe(200);
        lists.push(took);
      }
      console.log(
        JSON.stringify({
          figuresPerRequestBeforeMs: Math.round(before),
          figuresReadAfterMs: Math.round(after),
          jobMs: Math.round(job),
          refreshed,
          tickFiguresKeptPointsMs: Math.round(tickKept),
          tickFiguresHourTurnMs: Math.round(tickHourTurn),
          tickFiguresUnchangedNavsMs: Math.round(tickUnchanged),
          listMs: lists.map(Math.round),
        }),
      );
    } finally {
      await t.close();
    }
  }, 1_800_000);
});

describe.skipIf(!process.env.FIG_MEASURE)('copies of one strategy opening at once', () => {
  let t: ScriptedTradingApp;
  let admin: TestClient;
  const world = useSilverAllInBtc((made) => ({ t, admin } = made));

  it('measures with and without the copies triggers', async () => {
    const investors = [];
    for (let i = 0; i < 56; i += 1)
      investors.push((await fundedInvestor(t, admin, 500_000, `Copier ${i}`)).client);
    const round = async (clients: TestClient[]) => {
      const [replies, took] = await ms(() =>
        Promise.all(
          clients.map((client) =>
            client.post('/api/trades', { planId: world.planId, amount: '1000.00' }),
          ),
        ),
      );
      expect(replies.map((r) => r.statusCode)).toEqual(clients.map(() => 201));
      return Math.round(took);
    };
    const triggers = ['trades_figures_insert', 'trades_figures_update', 'trades_figures_delete'];
    const times: Record<string, number[]> = { with: [], without: [] };
    await round(investors.slice(0, 8)); // warm-up
    for (let i = 1; i < 7; i += 1) {
      const clients = investors.slice(i * 8, i * 8 + 8);
      const on = i % 2 === 0;
      for (const name of triggers)
        await t.db.execute(`ALTER TABLE trades ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
      times[on ? 'with' : 'without']?.push(await round(clients));
    }
    for (const name of triggers) await t.db.execute(`ALTER TABLE trades ENABLE TRIGGER ${name}`);
    console.log(JSON.stringify({ eightOpensAtOnceMs: times }));
  }, 600_000);
});
