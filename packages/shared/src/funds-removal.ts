import Decimal from 'decimal.js';

/*
 * Remove funds, worked out (issue 39: "Trade Amount after $2,199.88" said nothing on why). The
 * server books a removal with this rule (copy-trading/domain/position.ts) and the web's dialog
 * explains its figures with it, so what the dialog says equals the cents booked. Exact decimals:
 * units and NAV as decimal text, money as integer cents; never a float.
 */

/** The copy maths' decimals: the same settings as the server's Dec (market/domain/decimal.ts). */
const D = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -60,
  toExpPos: 60,
});

/** Units are counted to 8 decimals (the server's UNITS_DECIMALS). */
export const UNIT_DECIMALS = 8;

/**
 * floor(units × NAV × 100), never below 0: what units are worth in whole cents. The one valuation
 * rule of a copy: the server's domain calls it (redeemValueCents), and its SQL form (copy-trading's
 * trades.repo) is kept in step by a property test (apps/server/test/valuation-rule.test.ts).
 */
export function unitsValueCents(units: string, nav: string): bigint {
  const cents = BigInt(
    new D(units).times(nav).times(100).toDecimalPlaces(0, Decimal.ROUND_FLOOR).toFixed(0),
  );
  return cents > 0n ? cents : 0n;
}

/**
 * The units `valueCents` is worth at `nav`, rounded UP to 8 decimals, so what they are worth
 * (rounded down to the cent) is the amount asked for.
 */
export function unitsWorth(valueCents: bigint, nav: string): string {
  return new D(valueCents.toString())
    .div(100)
    .div(nav)
    .toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_UP)
    .toFixed();
}

export interface RemovalSplit {
  /** The copy's value before the removal: floor(units × NAV × 100). */
  readonly valueBeforeCents: bigint;
  /** Units sold. */
  readonly units: string;
  /** What the units sold are worth (the amount asked for). */
  readonly valueCents: bigint;
  /**
   * Their share of the Trade Amount: amount × units sold / units held, to the nearest cent, but
   * never the whole amount (units stay, so a cent of amount stays with them).
   */
  readonly costCents: bigint;
  /** value − cost: the profit (or loss) of the part taken out. */
  readonly profitCents: bigint;
  /** The performance fee on that part, never more than its profit. */
  readonly feeCents: bigint;
  /** To the available balance: value − fee. */
  readonly payoutCents: bigint;
  /** The Trade Amount after: amount − cost (not amount − value, unless the copy has not moved). */
  readonly amountAfterCents: bigint;
  readonly unitsAfter: string;
  readonly valueAfterCents: bigint;
}

/**
 * Selling `units` of a copy holding `copy.units` that cost `copy.amountCents`, at `nav`, with
 * `feeDueCents` of performance fee due on those units above their high-water marks (which the
 * server works out from its lots). The fee is capped at the part's profit, so it never eats into
 * the amount.
 */
export function splitRemoval(
  copy: { readonly amountCents: bigint; readonly units: string },
  units: string,
  nav: string,
  feeDueCents: bigint,
): RemovalSplit {
  const held = new D(copy.units);
  const sold = new D(units);
  if (sold.lte(0) || sold.gte(held)) {
    throw new RangeError('a removal takes some of the units, not all of them');
  }
  const valueCents = unitsValueCents(units, nav);
  const shareCents = BigInt(
    new D(copy.amountCents.toString())
      .times(sold)
      .div(held)
      .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
      .toFixed(0),
  );
  // Rounding could take the last cent while units remain (1 cent of amount, half its units
  // sold, after a big gain): an open copy always holds some amount (trades: amount_cents > 0).
  const costCents =
    shareCents >= copy.amountCents && copy.amountCents > 0n ? copy.amountCents - 1n : shareCents;
  const profitCents = valueCents - costCents;
  const cap = profitCents > 0n ? profitCents : 0n;
  const feeCents = feeDueCents < cap ? feeDueCents : cap;
  const unitsAfter = held.minus(sold).toFixed();
  return {
    valueBeforeCents: unitsValueCents(copy.units, nav),
    units: sold.toFixed(),
    valueCents,
    costCents,
    profitCents,
    feeCents,
    payoutCents: valueCents - feeCents,
    amountAfterCents: copy.amountCents - costCents,
    unitsAfter,
    valueAfterCents: unitsValueCents(unitsAfter, nav),
  };
}

/**
 * Taking `requestedCents` of value out of a copy at `nav`: the units worth it (unitsWorth), then
 * splitRemoval. What the Remove funds dialog explains, from the trade and the server's quote.
 */
export function removalOf(
  copy: { readonly amountCents: bigint; readonly units: string },
  requestedCents: bigint,
  nav: string,
  feeDueCents: bigint,
): RemovalSplit {
  return splitRemoval(copy, unitsWorth(requestedCents, nav), nav, feeDueCents);
}
