import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS, Dec, floorToCents, HOUR_MS } from '../src/modules/market/domain';
import { returnPcts, windowReturns } from '../src/modules/copy-trading/domain';
import { strategyFiguresOf } from '../src/modules/copy-trading';
import { HOUR_TURN_BATCH } from '../src/modules/copy-trading/strategies/strategy-figures';
import { figuresRows } from '../src/modules/copy-trading/strategies/strategy-figures.repo';
import {
  advance,
  type ScriptedTradingApp,
  tickAt,
  useScriptedTradingApp,
} from './copy-trading-helpers';
import { insertTickStrategies, pricesAt } from './nav-tick-helpers';

/**
 * The hour's turn moves every window's start, and the first tick after it values every strategy
 * when the whole market moves: it restates HOUR_TURN_BATCH of them, the next ticks the rest
 * (though no price moves), while every reader states the returns the history gives and the money
 * copying each strategy at the NAV just written.
 */

let t: ScriptedTradingApp;
useScriptedTradingApp((made) => (t = made));

/** Two batches and some: the turn takes three ticks. */
const COUNT = 2 * HOUR_TURN_BATCH + 100;

const tickWith = (n: number) => tickAt(t, Object.fromEntries(pricesAt(n)));

async function turnIds(): Promise<string[]> {
  const { rows } = await t.db.execute<{ id: string }>(
    sql`SELECT id::text FROM strategies WHERE name LIKE 'Turn %' ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/** How many rows (of `ids`, or every strategy's) hold window points for the hour holding now. */
async function statedThisHour(ids?: readonly string[]): Promise<number> {
  const hour = new Date(Math.floor(t.clock.now().getTime() / HOUR_MS) * HOUR_MS).toISOString();
  const of = ids ? sql`strategy_id = ANY(${sql.param([...ids])}::uuid[])` : sql`true`;
  const { rows } = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM strategy_figures
    WHERE ${of} AND window_hour = ${hour}::timestamptz`);
  return rows[0]?.n ?? -1;
}

/** Each strategy's returns as the domain computes them from its whole history now. */
async function liveReturns(ids: readonly string[]) {
  const { rows } = await t.db.execute<{ id: string; at: Date; nav: string }>(sql`
    SELECT strategy_id::text AS id, at, nav::text AS nav FROM nav_snapshots
    WHERE strategy_id = ANY(${sql.param([...ids])}::uuid[]) ORDER BY at`);
  const series = new Map<string, { at: number; nav: string }[]>();
  for (const r of rows) {
    const points = series.get(r.id) ?? [];
    points.push({ at: new Date(r.at).getTime(), nav: r.nav });
    series.set(r.id, points);
  }
  const now = t.clock.now().getTime();
  return new Map(ids.map((id) => [id, returnPcts(windowReturns(series.get(id) ?? [], now))]));
}

/**
 * What a list reads (strategyFiguresOf) is, for every strategy, the returns its history gives now
 * and the money copying it at the NAV just written. Returns the rows whose kept returns are not.
 */
async function expectReadersExact(ids: readonly string[]): Promise<number> {
  const live = await liveReturns(ids);
  const read = await strategyFiguresOf(t.ctx, ids);
  const kept = await figuresRows(t.db, ids);
  const { rows } = await t.db.execute<{ id: string; nav: string; units: string }>(sql`
    SELECT s.id::text, s.nav::text, f.copied_units::text AS units
    FROM strategies s JOIN strategy_figures f ON f.strategy_id = s.id
    WHERE s.id = ANY(${sql.param([...ids])}::uuid[])`);
  let stale = 0;
  for (const { id, nav, units } of rows) {
    expect(read.get(id)?.returns, id).toEqual(live.get(id));
    const aum = floorToCents(new Dec(nav).times(units));
    expect(read.get(id)?.aumCents, id).toBe(aum);
    expect(kept.get(id)?.aumCents, id).toBe(aum);
    if (JSON.stringify(kept.get(id)?.returns) !== JSON.stringify(live.get(id))) stale += 1;
  }
  expect(rows).toHaveLength(ids.length);
  return stale;
}

describe('the hour’s first ticks', () => {
  it('restate at most HOUR_TURN_BATCH strategies a tick, the rest at the next ticks, readers exact throughout', async () => {
    await insertTickStrategies(t, { prefix: 'Turn', count: COUNT, withPositions: COUNT });
    const ids = await turnIds();
    const now = t.clock.now().getTime();
    const turn = Math.ceil((now + 60_000) / HOUR_MS) * HOUR_MS;
    // A start for every window; and one the 7-day window starts from only once the hour turns,
    // at twice the NAV it started from before, so every 7-day return moves at the turn.
    for (const days of [800, 400, 100, 40, 10])
      await t.db.execute(sql`
        INSERT INTO nav_snapshots (strategy_id, at, nav)
        SELECT id, ${new Date(Math.floor((now - days * DAY_MS) / HOUR_MS) * HOUR_MS).toISOString()}::timestamptz,
          0.5 + random()
        FROM strategies WHERE name LIKE 'Turn %'`);
    const tenDays = new Date(Math.floor((now - 10 * DAY_MS) / HOUR_MS) * HOUR_MS).toISOString();
    await t.db.execute(sql`
      INSERT INTO nav_snapshots (strategy_id, at, nav)
      SELECT strategy_id, ${new Date(turn - 7 * DAY_MS - HOUR_MS / 2).toISOString()}::timestamptz,
        nav * 2
      FROM nav_snapshots
      WHERE strategy_id = ANY(${sql.param(ids)}::uuid[]) AND at = ${tenDays}::timestamptz`);
    // Copied units as the copies' triggers keep them: the money copying each moves with its NAV.
    await t.db.execute(sql`
      UPDATE strategy_figures SET copied_units = 1000000
      WHERE strategy_id = ANY(${sql.param(ids)}::uuid[])`);

    // Their first NAVs (never stated: spread the same way) within the hour.
    for (let n = 0; n < 3; n += 1) await tickWith(0);
    expect(await statedThisHour(ids)).toBe(COUNT);
    expect(await expectReadersExact(ids)).toBe(0);

    // The hour turns as every price moves: every strategy's NAV and window starts move.
    t.clock.advance(turn - 1_000 - t.clock.now().getTime());
    await tickWith(1000);
    // Of every strategy the tick valued (a demo strategy may hold these instruments too).
    expect(await statedThisHour()).toBe(HOUR_TURN_BATCH);
    // The others' rows still hold the last hour's returns: readers read them live.
    expect(await expectReadersExact(ids)).toBe(COUNT - (await statedThisHour(ids)));

    // No price moves: the owed ones are restated all the same, a batch a tick.
    await advance(t, 1_000);
    expect(await statedThisHour()).toBe(2 * HOUR_TURN_BATCH);
    expect(await expectReadersExact(ids)).toBe(COUNT - (await statedThisHour(ids)));
    await advance(t, 1_000);
    expect(await statedThisHour(ids)).toBe(COUNT);
    expect(await expectReadersExact(ids)).toBe(0);
  }, 120_000);
});
