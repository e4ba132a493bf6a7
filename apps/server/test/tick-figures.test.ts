import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { returnPcts, windowReturns } from '../src/modules/copy-trading/domain';
import { figuresRows } from '../src/modules/copy-trading/strategies/strategy-figures.repo';
import { type ScriptedTradingApp, useSilverAllInBtc } from './copy-trading-helpers';

/**
 * The tick states the kept returns of the strategies whose NAV changed only (an unchanged NAV's
 * point changes no figure). A row a copy's transaction holds locked when the NAV changes is left
 * (the tick never waits for it) and stated at the next tick, though the NAV is unchanged by then.
 */

let t: ScriptedTradingApp;
const world = useSilverAllInBtc((made) => (t = made.t));

const silverId = async () =>
  (
    await t.db.execute<{ id: string }>(
      sql`SELECT strategy_id::text AS id FROM plans WHERE id = ${world.planId}`,
    )
  ).rows[0]!.id;

/** The returns the domain computes from the strategy's history now. */
async function liveReturns(id: string) {
  const raw = await t.db.execute<{ at: Date; nav: string }>(
    sql`SELECT at, nav::text AS nav FROM nav_snapshots WHERE strategy_id = ${id} ORDER BY at`,
  );
  const points = raw.rows.map((p) => ({ at: new Date(p.at).getTime(), nav: p.nav }));
  return returnPcts(windowReturns(points, t.clock.now().getTime()));
}

const keptReturns = async (id: string) => (await figuresRows(t.db, [id])).get(id)?.returns;

/** The money copying the strategy at its NAV now: floor(open real units × NAV), in cents. */
async function liveAumCents(id: string) {
  const [row] = (
    await t.db.execute<{ cents: string }>(sql`
      SELECT floor(s.nav * coalesce((SELECT sum(units) FROM trades WHERE strategy_id = s.id
        AND status = 'open' AND book = 'real'), 0) * 100)::bigint::text AS cents
      FROM strategies s WHERE s.id = ${id}`)
  ).rows;
  return BigInt(row?.cents ?? '-1');
}

/** A tick at `btc` while a copy's transaction holds the strategy's figures row (the tick leaves it). */
async function tickWhileRowLocked(id: string, btc: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const lock = t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM strategy_figures WHERE strategy_id = ${id} FOR UPDATE`);
    locked();
    await held;
  });
  await holding;
  try {
    await world.tickAt(btc);
  } finally {
    release();
    await lock;
  }
}

describe('the tick’s figures step', () => {
  it('states a row it found locked at the next tick, at an unchanged NAV', async () => {
    const id = await silverId();
    await world.tickAt('100000.00');
    expect(await keptReturns(id)).toEqual(await liveReturns(id));

    // A copy's transaction holds the row while BTC moves 10 %: the tick leaves it.
    await tickWhileRowLocked(id, '110000.00');
    const live = await liveReturns(id);
    expect(await keptReturns(id)).not.toEqual(live);

    // The same prices a second later: the NAV is unchanged, the row is stated all the same.
    t.clock.advance(1_000);
    await t.trading.tick(t.clock.now());
    expect(await keptReturns(id)).toEqual(await liveReturns(id));
    expect(await keptReturns(id)).toEqual(live);
  });

  it('keeps a row owed through a figures step that fails, and states it at the next tick', async () => {
    const id = await silverId();
    await world.tickAt('100000.00');
    // Left locked at a 10 % move: owed to the next tick.
    await tickWhileRowLocked(id, '110000.00');
    const live = await liveReturns(id);
    expect(await keptReturns(id)).not.toEqual(live);

    // The next tick's figures step fails (its write refused); the row is still owed after it.
    await t.db.execute(sql`CREATE FUNCTION refuse_figures() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'figures refused'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_figures BEFORE UPDATE ON strategy_figures
      FOR EACH ROW EXECUTE FUNCTION refuse_figures()`);
    try {
      t.clock.advance(1_000);
      await expect(t.trading.tick(t.clock.now())).rejects.toThrow();
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_figures ON strategy_figures`);
      await t.db.execute(sql`DROP FUNCTION refuse_figures()`);
    }
    expect(await keptReturns(id)).not.toEqual(live);

    t.clock.advance(1_000);
    await t.trading.tick(t.clock.now());
    expect(await keptReturns(id)).toEqual(live);
  });

  it('measures no NAV inside the band of the returns stated: their kept points are not read', async () => {
    const id = await silverId();
    await world.tickAt('110000.00');
    await world.tickAt('110000.01');
    const stated = await keptReturns(id);
    expect(stated).toEqual(await liveReturns(id));
    // The kept points emptied (measured from them, the returns would read null): a cent's move
    // stays inside the band, so the returns stated stand, and they are the live ones.
    const [{ points } = { points: null }] = (
      await t.db.execute<{ points: unknown }>(sql`
        UPDATE strategy_figures f SET window_points = '[]'
        FROM strategy_figures old WHERE old.strategy_id = f.strategy_id AND f.strategy_id = ${id}
        RETURNING old.window_points AS points`)
    ).rows;
    await world.tickAt('110000.02');
    expect(await keptReturns(id)).toEqual(stated);
    expect(await keptReturns(id)).toEqual(await liveReturns(id));

    // A move out of the band is measured again, from the points kept (put back).
    await t.db.execute(sql`
      UPDATE strategy_figures SET window_points = ${JSON.stringify(points)}::jsonb
      WHERE strategy_id = ${id}`);
    await world.tickAt('121000.00');
    expect(await keptReturns(id)).not.toEqual(stated);
    expect(await keptReturns(id)).toEqual(await liveReturns(id));
  });

  it('moves the money copying a strategy with its NAV inside the band', async () => {
    const id = await silverId();
    await world.copier('Band Copier', 200_000, { amount: '2000' });
    await world.tickAt('121000.00');
    const stated = await keptReturns(id);
    const before = (await figuresRows(t.db, [id])).get(id)?.aumCents;
    // $2 on $121,000: no return's text moves, the $2,000 copying it gains about 3 cents.
    await world.tickAt('121002.00');
    expect(await keptReturns(id)).toEqual(stated);
    const after = (await figuresRows(t.db, [id])).get(id)?.aumCents;
    expect(after).not.toBe(before);
    expect(after).toBe(await liveAumCents(id));
  });
});
