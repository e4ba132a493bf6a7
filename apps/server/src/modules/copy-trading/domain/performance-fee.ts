import { Dec, floorToCents, type DecimalInput } from '../../market/domain';
import { FeePctOutOfRangeError } from './errors';
import { tradeValueCents, type Lot, type Trade } from './trade';

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

// Compared against as Decimals: a number argument is parsed into a Decimal at every comparison
// (16 of the fee check's 19 ms in a 10,000-copy cascade).
const ZERO = new Dec(0);
const HUNDRED = new Dec(100);

function parseFeePct(raw: DecimalInput): Dec {
  const pct = new Dec(raw);
  if (!pct.isFinite() || pct.lt(ZERO) || pct.gt(HUNDRED)) throw new FeePctOutOfRangeError();
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

/**
 * The fee on units held in lots, each above its own mark: floor(Σ units × (NAV − HWM) × feePct /
 * 100 × 100) cents over the lots whose mark the NAV is above (rounded once, down, in the
 * follower's favour). With one lot it is `performanceFee`. The marks returned are raised to the
 * NAV where a fee was due.
 */
export function lotsFee(
  lots: readonly Lot[],
  nav: DecimalInput,
  feePct: DecimalInput,
): { feeCents: bigint; lots: Lot[] } {
  const pct = parseFeePct(feePct);
  // A close values every copy at one NAV: a Dec is used as it is, not copied for each (any other
  // Decimal is made a Dec, whose precision the arithmetic below takes).
  const price = typeof nav !== 'string' && nav.constructor === Dec ? nav : new Dec(nav);
  let gain: Dec | null = null;
  const charged: Lot[] = [];
  for (const lot of lots) {
    if (price.lte(lot.highWaterNav)) {
      charged.push(lot);
      continue;
    }
    const lotGain = lot.units.times(price.minus(lot.highWaterNav));
    gain = gain ? gain.plus(lotGain) : lotGain;
    charged.push({ units: lot.units, highWaterNav: price });
  }
  // No lot above its mark (every close at a loss): no fee, without the decimal work.
  return { feeCents: gain ? floorToCents(gain.times(pct).div(100)) : 0n, lots: charged };
}

/** The highest mark among the lots (the trade's mark when it had one lot). */
export function highestMark(lots: readonly Lot[]): Dec {
  const [first, ...rest] = lots;
  if (!first) throw new RangeError('a trade holds at least one lot');
  return rest.reduce((max, lot) => Dec.max(max, lot.highWaterNav), first.highWaterNav);
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
  /** The highest mark after this charge (see highestMark). */
  readonly highWaterNav: Dec;
}

/**
 * Closing a trade (claim, close, stop-loss or term end) at `nav`. The whole value is paid out —
 * principal included, even when it is below the amount — less the performance fee, which is
 * capped at the trade's profit so a fee can never eat into the principal. A cascade settles in SQL
 * by the same rule (`copy_settlement`, migration 0083; close-due-copies-rule.test.ts holds the two
 * together): a change here changes it there.
 */
export function settleTrade(trade: Trade, nav: DecimalInput, feePct: DecimalInput): Settlement {
  const valueCents = tradeValueCents(trade.units, nav);
  // tradeProfitCents without valuing the units a second time.
  const profitCents = valueCents - trade.amountCents;
  const fee = lotsFee(trade.lots, nav, feePct);
  const cap = profitCents > 0n ? profitCents : 0n;
  const feeCents = fee.feeCents < cap ? fee.feeCents : cap;
  return {
    valueCents,
    feeCents,
    payoutCents: valueCents - feeCents,
    profitCents,
    highWaterNav: highestMark(fee.lots),
  };
}
