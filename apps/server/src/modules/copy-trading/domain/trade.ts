import {
  hasProfitToClaim,
  isStopLossCrossed,
  isTakeProfitCrossed,
  STOP_LOSS_PCT,
} from '@app/shared/schemas/trades';
import { DAY_MS, Dec, type DecimalInput } from '../../market/domain';
import { StopLossOutOfRangeError } from './errors';
import { toPercentText } from './precision';
import { redeemValueCents, unitsForAmount } from './subscriptions';

export const DEFAULT_STOP_LOSS_PCT = STOP_LOSS_PCT.default;
export const MIN_STOP_LOSS_PCT = STOP_LOSS_PCT.min;
export const MAX_STOP_LOSS_PCT = STOP_LOSS_PCT.max;

/**
 * Units bought at one time (the opening, or an Add funds) and the NAV above which a performance
 * fee is due on them: their purchase NAV at first. Each lot keeps its own mark, so a gain is
 * charged once per unit whatever the order of adds and removals (docs/copy-portfolio.md).
 */
export interface Lot {
  readonly units: Dec;
  readonly highWaterNav: Dec;
}

/** A follower's copy of a strategy: money in, units held, and the rules that close it. */
export interface Trade {
  /** The cost of the units held: what was put in, less the cost of units taken out. */
  readonly amountCents: bigint;
  /** Every lot's units together. */
  readonly units: Dec;
  readonly entryNav: Dec;
  /** Oldest first; removals take units from the oldest lot first. */
  readonly lots: readonly Lot[];
  readonly openedAt: number;
  readonly closesAt: number;
  /** Close automatically once the loss reaches this whole percentage of the amount. */
  readonly stopLossPct: number;
  /** Close automatically once the gain reaches this whole percentage of the amount (or never). */
  readonly takeProfitPct: number | null;
}

export function validateStopLossPct(pct: number): number {
  if (!Number.isInteger(pct) || pct < MIN_STOP_LOSS_PCT || pct > MAX_STOP_LOSS_PCT) {
    throw new StopLossOutOfRangeError();
  }
  return pct;
}

export interface OpenTradeInput {
  readonly amountCents: bigint;
  readonly nav: DecimalInput;
  readonly now: number;
  readonly termDays: number;
  readonly stopLossPct?: number;
  readonly takeProfitPct?: number | null;
}

/** A new trade at the strategy's current NAV; the term runs `termDays` × 24 h from `now`. */
export function openTrade(input: OpenTradeInput): Trade {
  const entryNav = new Dec(input.nav);
  if (!Number.isInteger(input.termDays) || input.termDays < 1) {
    throw new RangeError('termDays must be a whole number of days, at least 1');
  }
  const units = unitsForAmount(input.amountCents, entryNav);
  return {
    amountCents: input.amountCents,
    units,
    entryNav,
    lots: [{ units, highWaterNav: entryNav }],
    openedAt: input.now,
    closesAt: input.now + input.termDays * DAY_MS,
    stopLossPct: validateStopLossPct(input.stopLossPct ?? DEFAULT_STOP_LOSS_PCT),
    takeProfitPct: input.takeProfitPct ?? null,
  };
}

/** The trade's current value: floor(units × NAV × 100) cents (see redeemValueCents). */
export function tradeValueCents(units: DecimalInput, nav: DecimalInput): bigint {
  return redeemValueCents(units, nav);
}

/** Value minus amount; negative for a losing trade. */
export function tradeProfitCents(trade: Trade, nav: DecimalInput): bigint {
  return tradeValueCents(trade.units, nav) - trade.amountCents;
}

/** profit / amount × 100 as exact text with 2 decimals ("12.35", "-40.00"); "0.00" for no amount. */
export function roiPct(profitCents: bigint, amountCents: bigint): string {
  if (amountCents === 0n) return '0.00';
  return toPercentText(
    new Dec(profitCents.toString()).times(100).div(new Dec(amountCents.toString())),
  );
}

/**
 * A closed copy over its whole life, as the trade history and its CSV state it: the profit or
 * loss is what came out (removals, claims and the close, after fees) less what went in (the first
 * amount and every add), and the ROI is that over what went in. One rule for both.
 */
export function lifeResult(
  paidInCents: bigint,
  takenOutCents: bigint,
): { profitCents: bigint; roiPct: string } {
  const profitCents = takenOutCents - paidInCents;
  return { profitCents, roiPct: roiPct(profitCents, paidInCents) };
}

/** True once the loss is at least stopLossPct % of the amount (exact integer comparison). */
export function shouldStopOut(trade: Trade, nav: DecimalInput): boolean {
  return isStopLossCrossed(trade.amountCents, tradeValueCents(trade.units, nav), trade.stopLossPct);
}

/** True once the gain is at least takeProfitPct % of the amount; never without a take-profit. */
export function shouldTakeProfit(trade: Trade, nav: DecimalInput): boolean {
  if (trade.takeProfitPct === null) return false;
  return isTakeProfitCrossed(
    trade.amountCents,
    tradeValueCents(trade.units, nav),
    trade.takeProfitPct,
  );
}

/**
 * Which of the trade's own price rules closes it at `nav`, if any. They cannot both hold (one
 * needs a loss, the other a gain), so the order of the checks decides nothing.
 */
export function priceCloseReason(
  trade: Trade,
  nav: DecimalInput,
): 'stop_loss' | 'take_profit' | null {
  return priceCloseReasonAtValue(trade, tradeValueCents(trade.units, nav));
}

/**
 * priceCloseReason for a trade already valued at the NAV (`valueCents`, tradeValueCents): a
 * scheduled close values each copy once, for its settlement and its rule alike.
 */
export function priceCloseReasonAtValue(
  trade: Pick<Trade, 'amountCents' | 'stopLossPct' | 'takeProfitPct'>,
  valueCents: bigint,
): 'stop_loss' | 'take_profit' | null {
  if (isStopLossCrossed(trade.amountCents, valueCents, trade.stopLossPct)) return 'stop_loss';
  if (
    trade.takeProfitPct !== null &&
    isTakeProfitCrossed(trade.amountCents, valueCents, trade.takeProfitPct)
  )
    return 'take_profit';
  return null;
}

/** True from the instant the term ends. */
export function isTermOver(trade: Trade, now: number): boolean {
  return now >= trade.closesAt;
}

export type ClaimCheck =
  | { readonly claimable: true; readonly profitCents: bigint }
  | { readonly claimable: false; readonly code: 'NO_PROFIT_TO_CLAIM' };

/** Claim Profit is allowed only while the trade is in profit; else the refusal NO_PROFIT_TO_CLAIM. */
export function claimable(trade: Trade, nav: DecimalInput): ClaimCheck {
  const profitCents = tradeProfitCents(trade, nav);
  return hasProfitToClaim(profitCents)
    ? { claimable: true, profitCents }
    : { claimable: false, code: 'NO_PROFIT_TO_CLAIM' };
}
