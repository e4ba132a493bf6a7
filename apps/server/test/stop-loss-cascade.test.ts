import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import { ENTRY_KINDS } from '../src/modules/ledger/domain';
import { closeOwnTrade } from '../src/modules/copy-trading/copies/trades.service';
import { changeFunds } from '../src/modules/copy-trading/copies/funds.service';
import { CLOSE_BATCH } from '../src/modules/copy-trading/copies/scheduled-closes';
import * as strategiesRepo from '../src/modules/copy-trading/strategies/strategies.repo';
import { strategyNav } from '../src/modules/copy-trading/domain';
import { adminClient } from './harness';
import {
  placeOrder,
  type ScriptedTradingApp,
  silverWithLeadTrader,
  useScriptedTradingApp,
} from './copy-trading-helpers';
import { bulkInvestors, investAll } from './copy-trading-setup';

/**
 * A popular strategy falls through every copier's stop-loss in one tick: all close at that tick's
 * NAV, set-based and after the tick has returned, while some owners close their own trades and
 * others, whose stops are far below, take funds out of and put funds into their copies of the
 * same strategy; each trade is closed and booked exactly once, nobody meets a deadlock, the
 * strategy's kept figures are a recount of its copies and the books balance.
 */

const COPIES = 2_000;
const RACERS = 20;
/** Copies the fall does not stop out, whose owners change their funds all through the cascade. */
const CHANGERS = 20;
let t: ScriptedTradingApp;
useScriptedTradingApp((made) => (t = made));

describe('a stop-loss cascade', () => {
  it(`closes ${COPIES} copies at one NAV while owners close theirs and change their funds`, async () => {
    const admin = await adminClient(t);
    // A lead trader puts the whole strategy into BTC.
    const { silver, strategyId, trader } = await silverWithLeadTrader(t, admin);
    await placeOrder(trader.client, { symbol: 'BTCUSDT', side: 'long', targetWeight: '100' });

    const investors = await bulkInvestors(t.ctx, COPIES, 200_000n);
    await investAll(t.ctx, investors, (i) => ({
      planId: silver.id,
      amount: 100_000 + i,
      stopLossPct: 10 + (i % 31),
    }));
    const changers = await bulkInvestors(t.ctx, CHANGERS, 600_000n);
    await investAll(t.ctx, changers, () => ({
      planId: silver.id,
      amount: 400_000,
      stopLossPct: 90,
    }));
    const open = async () =>
      Number(
        (
          await t.db.execute<{ n: string }>(
            sql`SELECT count(*) AS n FROM trades WHERE strategy_id = ${strategyId} AND status = 'open'`,
          )
        ).rows[0]?.n,
      );
    expect(await open()).toBe(COPIES + CHANGERS);

    const publish = vi.spyOn(t.ctx.realtime, 'publish');
    // BTC halves: every stop (10–40 %) is crossed at this tick's NAV.
    t.market.set({ BTCUSDT: '47000.00' });
    t.clock.advance(1_000);
    const state = (await strategiesRepo.loadStrategyState(t.db, strategyId, { lock: false }))!
      .state;
    const tickNav = strategyNav(state, new Map([['BTCUSDT', '47000.00']]));
    const racers = investors.filter((_, i) => i % (COPIES / RACERS) === 0);
    const ownCloses = Promise.allSettled(
      racers.map((user) => closeOwnTrade(t.ctx, user, 'current', undefined)),
    );
    // A removal at a loss books to the strategy P&L account, then updates the copy (its figures):
    // the closes must take those two rows in the same order, or the two wait on each other.
    let cascading = true;
    const changes = Promise.allSettled(
      changers.map(async (user) => {
        let changed = 0;
        while (cascading) {
          for (const action of ['remove', 'add'] as const) {
            await changeFunds(t.ctx, user, 'current', action, { amount: 1_000 }, undefined);
            changed += 1;
          }
        }
        return changed;
      }),
    );
    await t.trading.tick(t.clock.now());
    const stoppedWhenTickReturned = await t.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM trades WHERE close_reason = 'stop_loss'`,
    );
    // The market moves on and ticks again while the cascade is being worked off.
    t.market.set({ BTCUSDT: '46000.00' });
    t.clock.advance(1_000);
    await t.trading.tick(t.clock.now());
    const own = await ownCloses;
    await t.trading.closes.settled();
    cascading = false;
    const changed = await changes;

    // The tick only handed the NAV over; the closes came after it returned.
    expect(stoppedWhenTickReturned.rows[0]?.n).toBe('0');
    expect(await open()).toBe(CHANGERS);
    // Every funds change went through (none met a deadlock, none was refused).
    expect(changed.filter((c) => c.status === 'rejected')).toEqual([]);
    const changesBooked = changed.reduce((n, c) => n + (c.status === 'fulfilled' ? c.value : 0), 0);
    expect(changesBooked).toBeGreaterThanOrEqual(2 * CHANGERS);
    // A racing owner either closed first, or found the stop-loss had (409, nothing booked).
    const won = own.filter((o) => o.status === 'fulfilled' && o.value.status === 200).length;
    const lost = own.filter(
      (o) => o.status === 'rejected' && (o.reason as { status?: number }).status === 409,
    ).length;
    expect(won + lost).toBe(RACERS);

    const byReason = await t.db.execute<{ reason: string; n: string; navs: string[] }>(sql`
      SELECT close_reason AS reason, count(*) AS n, array_agg(DISTINCT exit_nav::text) AS navs
      FROM trades WHERE strategy_id = ${strategyId} AND status = 'closed' GROUP BY close_reason`);
    const reasons = Object.fromEntries(byReason.rows.map((r) => [r.reason, r]));
    expect(Number(reasons.close?.n ?? 0)).toBe(won);
    expect(Number(reasons.stop_loss?.n)).toBe(COPIES - won);
    // One exit NAV for everyone the stop-loss closed: the first tick's, not the later one's.
    expect(reasons.stop_loss?.navs).toEqual([tickNav.toFixed()]);
    expect(tickNav.lt('0.51')).toBe(true);

    // Each trade booked once: one close entry per trade (and one per removal, a partial close),
    // its payout floor(units × NAV) (no fee in a loss), and what each owner now holds is
    // deposit − amount + payout.
    const entries = await t.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM journal_entries WHERE kind = ${ENTRY_KINDS.tradeClose}`,
    );
    expect(entries.rows[0]?.n).toBe(String(COPIES + changesBooked / 2));
    const wrong = await t.db.execute<{ n: string }>(sql`
      SELECT count(*) AS n FROM trades t
      JOIN ledger_accounts a ON a.user_id = t.user_id AND a.kind = 'available'
      WHERE t.strategy_id = ${strategyId} AND t.status = 'closed'
        AND (t.payout_cents <> floor(t.units * t.exit_nav * 100) OR t.fee_cents <> 0
          OR a.balance <> 200000 - t.amount_cents + t.payout_cents)`);
    expect(wrong.rows[0]?.n).toBe('0');
    expect(await auditLedger(t.db)).toEqual([]);

    // The figures and the copier record the triggers kept are a recount of the copies.
    const kept = await t.db.execute<Record<string, string>>(sql`
      SELECT f.copiers::text AS copiers, trim_scale(f.copied_units)::text AS units,
        (SELECT sum(copiers)::text FROM copying_days WHERE strategy_id = ${strategyId}) AS day_copiers,
        (SELECT trim_scale(sum(units))::text FROM copying_days WHERE strategy_id = ${strategyId})
          AS day_units,
        o.opened::text AS opened, o.closed::text AS closed
      FROM strategy_figures f JOIN copier_outcomes o USING (strategy_id)
      WHERE f.strategy_id = ${strategyId}`);
    const recount = await t.db.execute<Record<string, string>>(sql`
      SELECT count(*) FILTER (WHERE status = 'open')::text AS copiers,
        trim_scale(coalesce(sum(units) FILTER (WHERE status = 'open'), 0))::text AS units,
        count(*)::text AS opened, count(*) FILTER (WHERE status = 'closed')::text AS closed
      FROM trades WHERE strategy_id = ${strategyId} AND book = 'real'`);
    const again = recount.rows[0]!;
    expect(kept.rows[0]).toEqual({
      ...again,
      day_copiers: again.copiers,
      day_units: again.units,
    });

    // Every owner's screens are told their copy closed and their money changed; the admin screens
    // once per batch (and once per racing owner's own close), not once per copy.
    const events = publish.mock.calls;
    const told = (type: string) =>
      new Set(events.filter(([, e]) => e.type === type).map(([channel]) => channel));
    for (const { id } of investors) {
      expect(told('trade.changed')).toContain(`user:${id}`);
      expect(told('transactions.changed')).toContain(`user:${id}`);
    }
    const toAdmin = events.filter(
      ([channel, e]) => channel === 'admin' && e.type === 'transactions.changed',
    ).length;
    expect(toAdmin).toBeGreaterThan(0);
    expect(toAdmin).toBeLessThanOrEqual(Math.ceil(COPIES / CLOSE_BATCH) + won + changesBooked);
  }, 300_000);
});
