import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STOP_LOSS_PCT, TAKE_PROFIT_PCT } from '@app/shared/schemas/trades';
import { Dec } from '../src/modules/market/domain';
import {
  priceCloseReason,
  shouldStopOut,
  shouldTakeProfit,
  type Trade,
} from '../src/modules/copy-trading/domain/trade';
import * as repo from '../src/modules/copy-trading/copies/trades.repo';
import { unitsForAmount } from '../src/modules/copy-trading/domain/subscriptions';
import { useSilverAllInBtc, type ScriptedTradingApp } from './copy-trading-helpers';

/**
 * Each open copy carries the NAVs at which its own rules fire (migration 0057): stop_nav, the
 * highest NAV at which its stop-loss fires, and take_profit_nav, the lowest at which its
 * take-profit fires, kept by a trigger on `trades`. The scheduled closes find crossed copies by an
 * index range on them, so a wrong value would leave a copy open past its stop. Here the trigger on
 * the real table stores them for random amounts, units and percentages, and the domain's rule must
 * fire at each stored NAV and not one 1e-10 step beyond it; the closes' queries (the one statement
 * over all strategies, the cascade's list dueTradeIds and its lock lock_due_copies) must find the
 * copy at exactly the NAVs around them where the domain closes it, on the NAV grid and half a step
 * off it.
 */
let t: ScriptedTradingApp;
const silver = useSilverAllInBtc((made) => (t = made.t));

const STEP = new Dec('1e-10');

interface Copy {
  amountCents: bigint;
  units: Dec;
  stopLossPct: number;
  takeProfitPct: number | null;
}

interface StoredNavs {
  stopNav: string;
  takeProfitNav: string | null;
}

/** The trade as the domain holds it, in one lot. */
function tradeOf(copy: Copy): Trade {
  return {
    ...copy,
    entryNav: new Dec(1),
    lots: [{ units: copy.units, highWaterNav: new Dec(1) }],
    openedAt: 0,
    closesAt: 1,
  };
}

/** The copy's stored NAVs as the trades table holds them now. */
async function storedNavsOf(tradeId: string): Promise<StoredNavs & Copy> {
  const { rows } = await t.db.execute<{
    stop_nav: string;
    take_profit_nav: string | null;
    amount_cents: string;
    units: string;
    stop_loss_pct: number;
    take_profit_pct: number | null;
  }>(sql`SELECT stop_nav::text, take_profit_nav::text, amount_cents::text, units::text,
           stop_loss_pct, take_profit_pct
         FROM trades WHERE id = ${tradeId}`);
  const row = rows[0];
  if (!row) throw new Error(`no trade ${tradeId}`);
  return {
    stopNav: row.stop_nav,
    takeProfitNav: row.take_profit_nav,
    amountCents: BigInt(row.amount_cents),
    units: new Dec(row.units),
    stopLossPct: row.stop_loss_pct,
    takeProfitPct: row.take_profit_pct,
  };
}

class RolledBack extends Error {}

/** Whether the closes find the copy at a NAV: named by the one-statement check, and locked. */
interface FoundAt {
  nav: string;
  named: boolean;
  listed: boolean;
  locked: boolean;
}

/**
 * What the trigger stores when the open trade `tradeId` is written with `copy`'s amount, units and
 * percentages (its lots rewritten with them, as an add or a removal does), and whether the closes
 * find it at the NAVs around the stored ones (on the grid and half a step off it); rolled back
 * after. The trade is its strategy's only open copy.
 */
async function storedFor(tradeId: string, copy: Copy): Promise<StoredNavs & { found: FoundAt[] }> {
  let stored: (StoredNavs & { found: FoundAt[] }) | undefined;
  const units = copy.units.toFixed();
  await t.db
    .transaction(async (tx) => {
      const { rows } = await tx.execute<{
        strategy_id: string;
        stop_nav: string;
        take_profit_nav: string | null;
      }>(sql`
        UPDATE trades SET amount_cents = ${copy.amountCents.toString()}::bigint,
          units = ${units}::numeric,
          lots = jsonb_build_array(jsonb_build_object('units', ${units}::text, 'highWaterNav', '1')),
          stop_loss_pct = ${copy.stopLossPct}, take_profit_pct = ${copy.takeProfitPct}::int
        WHERE id = ${tradeId} AND status = 'open'
        RETURNING strategy_id, stop_nav::text, take_profit_nav::text`);
      const row = rows[0];
      if (!row) throw new Error(`trade ${tradeId} is not open`);
      const strategyId = row.strategy_id;
      const around = (nav: string, direction: 1 | -1) =>
        [0, 0.5, 1].map((steps) => new Dec(nav).plus(STEP.times(steps * direction)).toFixed());
      const navs = [
        ...around(row.stop_nav, 1),
        ...(row.take_profit_nav === null ? [] : around(row.take_profit_nav, -1)),
      ];
      const found: FoundAt[] = [];
      for (const nav of navs) {
        const named = await repo.strategiesWithCrossedCopies(tx, [{ strategyId, nav }]);
        const listed = await repo.dueTradeIds(tx, strategyId, { reason: 'price', nav });
        // What a batch of the cascade locks and closes (close_due_copies, 0083).
        const locked = await tx.execute<{ id: string }>(
          sql`SELECT id FROM lock_due_copies(${strategyId}, ARRAY[${tradeId}]::uuid[], ${nav}, null)`,
        );
        found.push({
          nav,
          named: named.has(strategyId),
          listed: listed.includes(tradeId),
          locked: locked.rows.some((one) => one.id === tradeId),
        });
      }
      stored = { stopNav: row.stop_nav, takeProfitNav: row.take_profit_nav, found };
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (!stored) throw new Error(`trade ${tradeId} is not open`);
  return stored;
}

/** The closes find the copy at exactly the NAVs at which the domain closes it. */
function expectFoundWhereDomainCloses(copy: Copy, found: FoundAt[]): void {
  const trade = tradeOf(copy);
  for (const at of found) {
    const closes = priceCloseReason(trade, at.nav) !== null;
    expect({ nav: at.nav, named: at.named, listed: at.listed, locked: at.locked }).toEqual({
      nav: at.nav,
      named: closes,
      listed: closes,
      locked: closes,
    });
  }
}

/** The domain fires at each stored NAV and not one step beyond it (up for a stop, down for a gain). */
function expectStoredAgreesWithDomain(copy: Copy, stored: StoredNavs): void {
  const trade = tradeOf(copy);
  const stopNav = new Dec(stored.stopNav);
  expect(stopNav.decimalPlaces()).toBeLessThanOrEqual(10);
  expect(shouldStopOut(trade, stopNav)).toBe(true);
  expect(shouldStopOut(trade, stopNav.plus(STEP))).toBe(false);
  if (copy.takeProfitPct === null) {
    expect(stored.takeProfitNav).toBeNull();
    return;
  }
  if (stored.takeProfitNav === null) throw new Error('a take-profit without its NAV');
  const takeNav = new Dec(stored.takeProfitNav);
  expect(takeNav.decimalPlaces()).toBeLessThanOrEqual(10);
  expect(shouldTakeProfit(trade, takeNav)).toBe(true);
  expect(shouldTakeProfit(trade, takeNav.minus(STEP))).toBe(false);
}

/**
 * A copy of 1 cent to $100,000,000.00 bought at a NAV on the 1e-10 grid (the engine's own units,
 * or any units of up to 8 decimals), a stop-loss and an optional take-profit.
 */
const copyArb: fc.Arbitrary<Copy> = fc
  .record({
    amountCents: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
    entryNavSteps: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    anyUnits: fc.option(fc.bigInt({ min: 1n, max: 10n ** 17n }), { freq: 3 }),
    stopLossPct: fc.integer(STOP_LOSS_PCT),
    takeProfitPct: fc.option(fc.integer(TAKE_PROFIT_PCT), { freq: 4 }),
  })
  .map(({ amountCents, entryNavSteps, anyUnits, stopLossPct, takeProfitPct }) => ({
    amountCents,
    units:
      anyUnits === null
        ? unitsForAmount(amountCents, STEP.times(entryNavSteps.toString()))
        : new Dec(anyUnits.toString()).div(1e8),
    stopLossPct,
    takeProfitPct,
  }))
  .filter((copy) => copy.units.gt(0));

describe('the stored stop and take-profit NAVs (0057)', () => {
  it('are where the domain’s rules fire, and the closes find the copy exactly there', async () => {
    const { trade } = await silver.copier('Trigger Investor', 500_000, { amount: '2000' });
    await fc.assert(
      fc.asyncProperty(copyArb, async (copy) => {
        const stored = await storedFor(trade.id, copy);
        expectStoredAgreesWithDomain(copy, stored);
        expectFoundWhereDomainCloses(copy, stored.found);
      }),
      { numRuns: 300 },
    );
  });

  it('follow the copy through an invest, a rules change, an add and a removal', async () => {
    await silver.tickAt('100000.00');
    const { client, trade } = await silver.copier('Trigger Changes', 500_000, {
      amount: '2000',
      stopLossPct: 30,
      takeProfitPct: 50,
    });
    const expectInStep = async (expected: Partial<Copy & StoredNavs>) => {
      const stored = await storedNavsOf(trade.id);
      expect(stored).toMatchObject(expected);
      expectStoredAgreesWithDomain(stored, stored);
    };
    // $2,000 at NAV 1: the stop fires at $1,400.00 of value, the take-profit at $3,000.00.
    await expectInStep({ stopNav: '0.7000049999', takeProfitNav: '1.5000000000' });

    const changed = await client.request('PATCH', `/api/trades/${trade.id}`, {
      stopLossPct: 10,
      takeProfitPct: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectInStep({ stopNav: '0.9000049999', takeProfitNav: null, stopLossPct: 10 });

    await silver.tickAt('125000.00');
    const added = await client.post(
      `/api/trades/${trade.id}/add-funds`,
      { amount: '1000' },
      { 'idempotency-key': 'trigger-add' },
    );
    expect(added.statusCode, added.body).toBe(200);
    // $3,000 in 2,800 units: the stop fires below $2,700.01 of value.
    await expectInStep({ amountCents: 300_000n, stopNav: '0.9642892857' });

    const removed = await client.post(
      `/api/trades/${trade.id}/remove-funds`,
      { amount: '500' },
      { 'idempotency-key': 'trigger-remove' },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await storedNavsOf(trade.id);
    expect(after.amountCents).toBeLessThan(300_000n);
    expectStoredAgreesWithDomain(after, after);
  });
});
