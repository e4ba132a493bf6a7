import { Dec, centsToDollars, type DecimalInput } from '../../market/domain';
import { lotsFee } from './performance-fee';
import { UNITS_DECIMALS } from './precision';
import { redeemValueCents, unitsForAmount } from './subscriptions';
import type { Lot, Trade } from './trade';

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
 * than a cent at any NAV below 10^6.
 */
export function unitsWorth(valueCents: bigint, nav: DecimalInput): Dec {
  return centsToDollars(valueCents).div(nav).toDecimalPlaces(UNITS_DECIMALS, Dec.ROUND_UP);
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
  const redeemed: Lot[] = [];
  const kept: Lot[] = [];
  let left = units;
  for (const lot of trade.lots) {
    const taken = Dec.min(lot.units, left);
    left = left.minus(taken);
    if (taken.gt(0)) redeemed.push({ units: taken, highWaterNav: lot.highWaterNav });
    if (lot.units.gt(taken))
      kept.push({ units: lot.units.minus(taken), highWaterNav: lot.highWaterNav });
  }
  const value = redeemValueCents(units, nav);
  const costCents = BigInt(
    new Dec(trade.amountCents.toString())
      .times(units)
      .div(trade.units)
      .toDecimalPlaces(0, Dec.ROUND_HALF_UP)
      .toFixed(0),
  );
  const profitCents = value - costCents;
  const fee = lotsFee(redeemed, nav, feePct).feeCents;
  const cap = profitCents > 0n ? profitCents : 0n;
  const feeCents = fee < cap ? fee : cap;
  return {
    units,
    valueCents: value,
    costCents,
    feeCents,
    payoutCents: value - feeCents,
    profitCents,
    trade: {
      ...trade,
      amountCents: trade.amountCents - costCents,
      units: trade.units.minus(units),
      lots: kept,
    },
  };
}
