import { Dec, floorToCents, type DecimalInput } from '../../market/domain';
import { FeePctOutOfRangeError } from './errors';
import { tradeProfitCents, tradeValueCents, type Trade } from './trade';

export interface PerformanceFeeInput {
  readonly units: DecimalInput;
  readonly nav: DecimalInput;
  readonly highWaterNav: DecimalInput;
  /** Percentage of the gain above the high-water mark, 0 to 100 ("20" = 20 %). */
  readonly feePct: DecimalInput;
}

export interface PerformanceFee {
  readonly feeCents: bigint;
  /** The high-water mark after this charge: raised to the NAV whenever the NAV is above it. */
  readonly highWaterNav: Dec;
}

function parseFeePct(raw: DecimalInput): Dec {
  const pct = new Dec(raw);
  if (!pct.isFinite() || pct.lt(0) || pct.gt(100)) throw new FeePctOutOfRangeError();
  return pct;
}

/**
 * The fee on gains above the high-water mark only: floor(units × (NAV − HWM) × feePct / 100 × 100)
 * cents, rounded down in the follower's favour. At or below the mark there is no fee and the mark
 * stays; above it the mark moves up to the NAV, so the same gain is never charged twice.
 */
export function performanceFee(input: PerformanceFeeInput): PerformanceFee {
  const pct = parseFeePct(input.feePct);
  const nav = new Dec(input.nav);
  const highWaterNav = new Dec(input.highWaterNav);
  if (nav.lte(highWaterNav)) return { feeCents: 0n, highWaterNav };
  const gain = new Dec(input.units).times(nav.minus(highWaterNav));
  return { feeCents: floorToCents(gain.times(pct).div(100)), highWaterNav: nav };
}

export interface Settlement {
  /** floor(units × NAV × 100): what the trade is worth now. */
  readonly valueCents: bigint;
  /** Credited to the lead trader. */
  readonly feeCents: bigint;
  /** Credited to the follower; payout + fee = value exactly. */
  readonly payoutCents: bigint;
  /** Value minus amount (negative for a loss). */
  readonly profitCents: bigint;
  readonly highWaterNav: Dec;
}

/**
 * Closing a trade (claim, close, stop-loss or term end) at `nav`. The whole value is paid out —
 * principal included, even when it is below the amount — less the performance fee, which is
 * capped at the trade's profit so a fee can never eat into the principal.
 */
export function settleTrade(trade: Trade, nav: DecimalInput, feePct: DecimalInput): Settlement {
  const valueCents = tradeValueCents(trade.units, nav);
  const profitCents = tradeProfitCents(trade, nav);
  const fee = performanceFee({ units: trade.units, nav, highWaterNav: trade.highWaterNav, feePct });
  const cap = profitCents > 0n ? profitCents : 0n;
  const feeCents = fee.feeCents < cap ? fee.feeCents : cap;
  return {
    valueCents,
    feeCents,
    payoutCents: valueCents - feeCents,
    profitCents,
    highWaterNav: fee.highWaterNav,
  };
}
