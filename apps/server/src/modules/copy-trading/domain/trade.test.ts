import { describe, expect, it } from 'vitest';
import { DAY_MS, Dec } from '../../market/domain';
import { StopLossOutOfRangeError } from './errors';
import { settleTrade } from './performance-fee';
import {
  claimable,
  isTermOver,
  openTrade,
  roiPct,
  shouldStopOut,
  tradeProfitCents,
  tradeValueCents,
  validateStopLossPct,
  type Trade,
} from './trade';

const NOW = Date.UTC(2025, 6, 1, 12, 0);

/** $1,000 at NAV 1.25: 800 units. */
const thousandAt125 = (stopLossPct?: number): Trade =>
  openTrade({ amountCents: 100_000n, nav: '1.25', now: NOW, termDays: 30, stopLossPct });

describe('a follower trade', () => {
  it('opens $1,000 at NAV 1.25 with 800 units, HWM at entry, 30-day term, 40% stop-loss', () => {
    const trade = thousandAt125();
    expect(trade.units.toFixed()).toBe('800');
    expect(trade.entryNav.toFixed()).toBe('1.25');
    expect(trade.lots).toEqual([{ units: new Dec('800'), highWaterNav: new Dec('1.25') }]);
    expect(trade.closesAt).toBe(NOW + 30 * DAY_MS);
    expect(trade.stopLossPct).toBe(40);
  });

  it('is worth $1,200.00 at NAV 1.5: profit $200.00, ROI 20.00%', () => {
    const trade = thousandAt125();
    expect(tradeValueCents(trade.units, '1.5')).toBe(120_000n);
    expect(tradeProfitCents(trade, '1.5')).toBe(20_000n);
    expect(roiPct(tradeProfitCents(trade, '1.5'), trade.amountCents)).toBe('20.00');
  });

  it('is worth $800.00 at NAV 1.0: loss $200.00, ROI -20.00%', () => {
    const trade = thousandAt125();
    expect(tradeValueCents(trade.units, '1')).toBe(80_000n);
    expect(tradeProfitCents(trade, '1')).toBe(-20_000n);
    expect(roiPct(-20_000n, 100_000n)).toBe('-20.00');
  });

  it('rounds ROI to 2 decimals half away from zero and never shows -0.00', () => {
    expect(roiPct(2n, 3n)).toBe('66.67');
    expect(roiPct(-1n, 300n)).toBe('-0.33');
    expect(roiPct(-1n, 100_000n)).toBe('0.00');
    expect(roiPct(5n, 0n)).toBe('0.00');
  });

  it('stops out at exactly the threshold: 40% loss at NAV 0.75', () => {
    const trade = thousandAt125();
    expect(tradeValueCents(trade.units, '0.75')).toBe(60_000n);
    expect(shouldStopOut(trade, '0.75')).toBe(true);
  });

  it('does not stop out one cent before the threshold: 39.99% loss', () => {
    const trade = thousandAt125();
    // 800 × 0.7500125 = 600.01
    expect(tradeValueCents(trade.units, '0.7500125')).toBe(60_001n);
    expect(shouldStopOut(trade, '0.7500125')).toBe(false);
  });

  it('honours a tighter user stop-loss of 5%', () => {
    const trade = thousandAt125(5);
    expect(shouldStopOut(trade, '1.1875')).toBe(true); // 800 × 1.1875 = 950.00
    expect(shouldStopOut(trade, '1.19')).toBe(false);
  });

  it('accepts stop-loss 5..95 whole percent only', () => {
    expect(validateStopLossPct(5)).toBe(5);
    expect(validateStopLossPct(95)).toBe(95);
    for (const bad of [4, 96, 40.5, Number.NaN]) {
      expect(() => validateStopLossPct(bad)).toThrow(StopLossOutOfRangeError);
    }
  });

  it('term ends exactly at closesAt', () => {
    const trade = thousandAt125();
    expect(isTermOver(trade, trade.closesAt - 1)).toBe(false);
    expect(isTermOver(trade, trade.closesAt)).toBe(true);
  });

  it('can claim only with profit; otherwise refuses with NO_PROFIT_TO_CLAIM', () => {
    const trade = thousandAt125();
    expect(claimable(trade, '1.3')).toEqual({ claimable: true, profitCents: 4_000n });
    const refusal = { claimable: false, code: 'NO_PROFIT_TO_CLAIM' };
    expect(claimable(trade, '1.25')).toEqual(refusal);
    expect(claimable(trade, '1.2')).toEqual(refusal);
  });

  it('a losing trade closes at a loss and pays out the whole remaining value', () => {
    const trade = thousandAt125();
    const settlement = settleTrade(trade, '0.9', '20');
    expect(settlement).toEqual({
      valueCents: 72_000n,
      feeCents: 0n,
      payoutCents: 72_000n,
      profitCents: -28_000n,
      highWaterNav: new Dec('1.25'),
    });
    // value == floor(units × NAV × 100) and payout + fee == value: nothing silently lost
    expect(settlement.valueCents).toBe(
      BigInt(trade.units.times('0.9').times(100).floor().toFixed()),
    );
    expect(settlement.payoutCents + settlement.feeCents).toBe(settlement.valueCents);
  });
});
