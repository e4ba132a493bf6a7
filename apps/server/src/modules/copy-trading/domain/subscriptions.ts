import { unitsValueCents } from '@app/shared/funds-removal';
import { Dec, centsToDollars, type DecimalInput } from '../../market/domain';
import { InvalidAmountError, NavNotPositiveError } from './errors';
import { roundUnitsDown } from './precision';

/*
 * A follower's trade is a number of units of the strategy: these two rules are all there is to
 * joining and leaving. Neither changes the strategy (see strategy.ts).
 */

/**
 * Units bought by `amountCents` at `nav`: amount / NAV rounded DOWN to 8 decimals. Rounding down
 * means a follower never gets more than they paid for; the remainder (under 10^-8 of a unit) is
 * the platform's, booked with the market P&L when the trade closes.
 */
export function unitsForAmount(amountCents: bigint, nav: DecimalInput): Dec {
  if (amountCents <= 0n) throw new InvalidAmountError();
  const price = new Dec(nav);
  if (price.lte(0)) throw new NavNotPositiveError();
  return roundUnitsDown(centsToDollars(amountCents).div(price));
}

/**
 * What `units` are worth in whole cents at `nav`: floor(units × NAV × 100), and never below 0
 * (the one valuation rule, unitsValueCents in packages/shared, which the web explains with).
 * The platform never pays out more than it holds, so fractions of a cent are always rounded down
 * (they stay with the platform), and a follower's loss is limited to what they put in. The same
 * rule values an open trade, so "what you see" is exactly "what you get" on close.
 */
export function redeemValueCents(units: DecimalInput, nav: DecimalInput): bigint {
  return unitsValueCents(fixedText(units), fixedText(nav));
}

/** A decimal as plain text: a Decimal's own (not a copy's, once for every copy a close values). */
function fixedText(value: DecimalInput): string {
  return value instanceof Dec ? value.toFixed() : new Dec(value).toFixed();
}
