import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STOP_LOSS_PCT,
  stopLossValueCents,
  TAKE_PROFIT_PCT,
  takeProfitValueCents,
} from '@app/shared/schemas/trades';
import { Dec } from '../src/modules/market/domain';
import {
  shouldStopOut,
  shouldTakeProfit,
  tradeValueCents,
  type Trade,
} from '../src/modules/copy-trading/domain/trade';
import { unitsForAmount } from '../src/modules/copy-trading/domain/subscriptions';
import { closeRuleCrossedInSql } from '../src/modules/copy-trading/copies/trades.repo';
import { createTestApp, useAppFrom, type TestApp } from './harness';

/**
 * The stop-loss rule is written once (isStopLossCrossed in packages/shared) and applied twice: by
 * the domain to each trade, and by the SQL that picks the trades a tick closes. Here PostgreSQL and
 * the domain judge the same trades at the same NAVs, most of them within a few 1e-10 steps of the
 * NAV where the stop fires, and must agree every time; the web's "closes at" figure is the highest
 * value at which the domain fires.
 */
let t: TestApp;
useAppFrom(createTestApp, (made) => (t = made));

const STEP = new Dec('1e-10');

/**
 * A trade opened with `amountCents` at an entry NAV on the NAV's 1e-10 grid (with the engine's
 * own units), a percentage in `range`, and an offset of a few steps (or many) from a threshold.
 */
const openedArb = (range: { min: number; max: number }) =>
  fc
    .record({
      amountCents: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
      entryNavSteps: fc.bigInt({ min: 1n, max: 10n ** 15n }),
      pct: fc.integer(range),
      offsetSteps: fc.oneof(
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
      ),
    })
    .map(({ amountCents, entryNavSteps, pct, offsetSteps }) => {
      const entryNav = STEP.times(entryNavSteps.toString());
      const units = unitsForAmount(amountCents, entryNav);
      return { amountCents, entryNav, units, pct, offset: STEP.times(offsetSteps) };
    });

/** The trade as the domain holds it, opened in one lot. */
function tradeOf(
  opened: { amountCents: bigint; entryNav: Dec; units: Dec },
  limits: Pick<Trade, 'stopLossPct' | 'takeProfitPct'>,
): Trade {
  const { amountCents, entryNav, units } = opened;
  return {
    amountCents,
    units,
    entryNav,
    lots: [{ units, highWaterNav: entryNav }],
    openedAt: 0,
    closesAt: 1,
    ...limits,
  };
}

/** A trade with a stop-loss, and NAVs around its stop. */
const caseArb = openedArb(STOP_LOSS_PCT).map((opened) => {
  // The NAV at which the value is exactly the stop's threshold, rounded to the NAV's 10 decimals.
  const stopNav = opened.entryNav
    .times(100 - opened.pct)
    .div(100)
    .toDecimalPlaces(10, Dec.ROUND_DOWN);
  const trade = tradeOf(opened, { stopLossPct: opened.pct, takeProfitPct: null });
  return { trade, nav: stopNav.plus(opened.offset).toFixed(10), pct: opened.pct };
});

/**
 * A trade of one unit bought with `amountCents`: at a NAV of `value / 100` (`at(value)`) it is
 * worth exactly `value` cents.
 */
function oneUnitTrade(
  amountCents: number,
  limits: Pick<Trade, 'stopLossPct' | 'takeProfitPct'>,
): Trade {
  const opened = { amountCents: BigInt(amountCents), entryNav: new Dec(amountCents).div(100) };
  return tradeOf({ ...opened, units: new Dec(1) }, limits);
}

/** The NAV at which a one-unit trade is worth `value` cents. */
const at = (value: bigint) => new Dec(value.toString()).div(100);

/** An amount of 1 cent to $10,000,000.00, and a percentage in `range`. */
const amountAndPct = (range: { min: number; max: number }) =>
  [fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer(range)] as const;

/**
 * PostgreSQL (closeRuleCrossedInSql with `rule`) and the domain (`firesInDomain`) judge each of
 * `cases`' trades at its NAV, with its percentage, and must agree every time.
 */
async function expectSqlAgreesWithDomain(
  rule: 'stop_loss' | 'take_profit',
  cases: fc.Arbitrary<{ trade: Trade; nav: string; pct: number }>,
  firesInDomain: (trade: Trade, nav: string) => boolean,
): Promise<void> {
  let crossed = 0;
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(cases, async ({ trade, nav, pct }) => {
      const inSql = await closeRuleCrossedInSql(
        t.db,
        rule,
        { amountCents: trade.amountCents, units: trade.units.toFixed() },
        pct,
        nav,
      );
      const inDomain = firesInDomain(trade, nav);
      runs += 1;
      if (inDomain) crossed += 1;
      expect(inSql).toBe(inDomain);
    }),
    { numRuns: 400 },
  );
  // Both sides of the threshold were tried, not only one.
  expect(crossed).toBeGreaterThan(runs / 10);
  expect(crossed).toBeLessThan(runs - runs / 10);
}

describe('the stop-loss rule', () => {
  it('is the same in PostgreSQL as in the domain, at NAVs around every stop', async () => {
    await expectSqlAgreesWithDomain('stop_loss', caseArb, shouldStopOut);
  });

  it('fires at the value the web shows, and not one cent above it', () => {
    fc.assert(
      fc.property(...amountAndPct(STOP_LOSS_PCT), (amount, pct) => {
        const shown = BigInt(stopLossValueCents(amount, pct));
        const trade = oneUnitTrade(amount, { stopLossPct: pct, takeProfitPct: null });
        expect(tradeValueCents(new Dec(1), at(shown))).toBe(shown);
        expect(shouldStopOut(trade, at(shown))).toBe(true);
        expect(shouldStopOut(trade, at(shown + 1n))).toBe(false);
      }),
    );
  });
});

/** A trade with a take-profit, and NAVs around the NAV where it fires. */
const takeProfitArb = openedArb(TAKE_PROFIT_PCT).map((opened) => {
  const takeNav = opened.entryNav
    .times(100 + opened.pct)
    .div(100)
    .toDecimalPlaces(10, Dec.ROUND_UP);
  const trade = tradeOf(opened, { stopLossPct: STOP_LOSS_PCT.max, takeProfitPct: opened.pct });
  return { trade, nav: takeNav.plus(opened.offset).toFixed(10), pct: opened.pct };
});

describe('the take-profit rule', () => {
  it('is the same in PostgreSQL as in the domain, at NAVs around every take-profit', async () => {
    await expectSqlAgreesWithDomain('take_profit', takeProfitArb, (trade, nav) => {
      const fires = shouldTakeProfit(trade, nav);
      // Never both: a take-profit crossed is a gain, a stop-loss crossed a loss.
      if (fires) expect(shouldStopOut(trade, nav)).toBe(false);
      return fires;
    });
  });

  it('fires at the value the web shows, and not one cent below it', () => {
    fc.assert(
      fc.property(...amountAndPct(TAKE_PROFIT_PCT), (amount, pct) => {
        const shown = BigInt(takeProfitValueCents(amount, pct));
        const trade = oneUnitTrade(amount, {
          stopLossPct: STOP_LOSS_PCT.max,
          takeProfitPct: pct,
        });
        expect(shouldTakeProfit(trade, at(shown))).toBe(true);
        expect(shouldTakeProfit(trade, at(shown - 1n))).toBe(false);
      }),
    );
  });
});
