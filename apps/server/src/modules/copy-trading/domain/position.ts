import { splitRemoval, unitsWorth as sharedUnitsWorth } from '@app/shared/funds-removal';
import { Dec, type DecimalInput } from '../../market/domain';
import { NoProfitToClaimError } from './errors';
import { lotsFee } from './performance-fee';
import { redeemValueCents, unitsForAmount } from './subscriptions';
import { claimable, type Lot, type Trade } from './trade';

/*
 * Adding money to an open copy and taking part of it out, at the strategy's NAV of the moment.
 * An add buys a new lot (its own high-water mark at its purchase NAV); a removal redeems units
 * from the oldest lots first and charges the fee on those units only, each above its own mark.
 * How this keeps the fee "a share of profit above the high-water mark" for every unit, with
 * worked numbers: docs/copy-portfolio.md.
 */

export interface FundsAdded {
  readonly trade: Trade;
  /** Units bought: amount / NAV rounded down to 8 decimals, like an opening. */
  readonly units: Dec;
}

/** Buys `amountCents` more units at `nav`, as a new lot; the trade's cost grows by the amount. */
export function addFunds(trade: Trade, amountCents: bigint, nav: DecimalInput): FundsAdded {
  const units = unitsForAmount(amountCents, nav);
  return {
    units,
    trade: {
      ...trade,
      amountCents: trade.amountCents + amountCents,
      units: trade.units.plus(units),
      lots: [...trade.lots, { units, highWaterNav: new Dec(nav) }],
    },
  };
}

/**
 * The units that `valueCents` is worth at `nav`, rounded UP to 8 decimals, so what they are worth
 * (floor(units × NAV × 100)) is the amount asked for: a step of 10^-8 of a unit is worth far less
 * than a cent at any NAV below 10^6. The shared rule (@app/shared/funds-removal), which the web's
 * Remove funds dialog explains its figures with.
 */
export function unitsWorth(valueCents: bigint, nav: DecimalInput): Dec {
  return new Dec(sharedUnitsWorth(valueCents, new Dec(nav).toFixed()));
}

export interface FundsRemoved {
  /** The trade that stays: fewer units, its cost reduced in proportion. */
  readonly trade: Trade;
  readonly units: Dec;
  /** floor(units × NAV × 100): what the redeemed units are worth. */
  readonly valueCents: bigint;
  /** The cost of the units taken out: the trade's cost × units / units held, to the cent. */
  readonly costCents: bigint;
  /** The fee on the redeemed units above their marks, at most the profit they realise. */
  readonly feeCents: bigint;
  /** To the follower's available balance: value − fee. */
  readonly payoutCents: bigint;
  /** value − cost (negative when the units are worth less than they cost). */
  readonly profitCents: bigint;
}

/**
 * Redeems the units worth `valueCents` at `nav` (the caller has checked they are fewer than the
 * trade holds: taking everything is a close). Units leave the oldest lots first; the fee is
 * charged on them alone, so the lots that stay keep their marks.
 */
export function removeFunds(
  trade: Trade,
  valueCents: bigint,
  nav: DecimalInput,
  feePct: DecimalInput,
): FundsRemoved {
  const units = unitsWorth(valueCents, nav);
  if (units.lte(0) || units.gte(trade.units)) {
    throw new RangeError('a removal takes some of the units, not all of them');
  }
  const { redeemed, kept } = takeOldestFirst(trade.lots, units);
  // The split itself is the shared rule the dialog explains (cost share, profit, capped fee).
  const split = splitRemoval(
    { amountCents: trade.amountCents, units: trade.units.toFixed() },
    units.toFixed(),
    new Dec(nav).toFixed(),
    lotsFee(redeemed, nav, feePct).feeCents,
  );
  return {
    units,
    valueCents: split.valueCents,
    costCents: split.costCents,
    feeCents: split.feeCents,
    payoutCents: split.payoutCents,
    profitCents: split.profitCents,
    trade: {
      ...trade,
      amountCents: split.amountAfterCents,
      units: trade.units.minus(units),
      lots: kept,
    },
  };
}

/** `units` taken from the lots, the oldest first: the redeemed part of each and what stays. */
function takeOldestFirst(lots: readonly Lot[], units: Dec): { redeemed: Lot[]; kept: Lot[] } {
  const redeemed: Lot[] = [];
  const kept: Lot[] = [];
  let left = units;
  for (const lot of lots) {
    const taken = Dec.min(lot.units, left);
    left = left.minus(taken);
    if (taken.gt(0)) redeemed.push({ units: taken, highWaterNav: lot.highWaterNav });
    if (lot.units.gt(taken))
      kept.push({ units: lot.units.minus(taken), highWaterNav: lot.highWaterNav });
  }
  return { redeemed, kept };
}

/**
 * Claim Profit (PRODUCT.md section 3): the profit taken out, the copy left open with its amount.
 * The units worth the gain above the amount (floor(units × NAV × 100) − amount cents) are redeemed
 * at `nav`, the oldest lots first; their cost is nothing, so the amount stays as it was.
 *
 * Rounding: the units redeemed are rounded UP to 8 decimals (unitsWorth), and what is credited is
 * the gain itself, never more (the value of those units is capped at it). So the follower gets
 * exactly the profit they were shown, less the fee, and the platform never pays for a fraction of
 * a unit it did not take back; the copy that stays may then be worth up to one cent less than its
 * amount (at NAV 1.1, $1,000 in: $100.00 claimed, 909.09090909 units left worth $999.99).
 *
 * The fee is the performance fee on the whole gain realised: each lot's gain above its own mark
 * (lotsFee over every lot held), capped at the gain claimed, so it never eats into the amount.
 * Every lot above its mark has the mark raised to `nav`, so that gain is never charged again: a
 * later claim or close pays a fee only on a rise above this NAV. A fee that would take the whole
 * gain leaves nothing to claim (NO_PROFIT_TO_CLAIM).
 */
export function claimProfit(trade: Trade, nav: DecimalInput, feePct: DecimalInput): FundsRemoved {
  const check = claimable(trade, nav);
  if (!check.claimable) throw new NoProfitToClaimError();
  const gainCents = check.profitCents;
  const units = unitsWorth(gainCents, nav);
  // The gain is below the value by the whole amount (> 0), so some units always stay.
  if (units.gte(trade.units)) throw new RangeError('a claim leaves the amount in the copy');
  const worth = redeemValueCents(units, nav);
  const valueCents = worth < gainCents ? worth : gainCents;
  const charged = lotsFee(trade.lots, nav, feePct);
  const feeCents = charged.feeCents < valueCents ? charged.feeCents : valueCents;
  // A fee that takes the whole gain leaves nothing to claim (the copy can still be closed).
  if (feeCents >= valueCents) throw new NoProfitToClaimError();
  const { kept } = takeOldestFirst(charged.lots, units);
  return {
    units,
    valueCents,
    costCents: 0n,
    feeCents,
    payoutCents: valueCents - feeCents,
    profitCents: valueCents,
    trade: { ...trade, units: trade.units.minus(units), lots: kept },
  };
}
