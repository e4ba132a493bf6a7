import Decimal from 'decimal.js';

/**
 * What a strategy holds in one instrument: its side and its size, a non-negative decimal in any
 * one measure (the server compares quantities per unit before and after an order is filled; the
 * desk's form compares the weight held with the weight the order asks for).
 */
export interface Holding {
  readonly side: 'long' | 'short';
  readonly size: Decimal.Value;
}

/**
 * Whether going from `before` to `after` in one instrument only shrinks what the strategy holds:
 * it held something there and afterwards holds less of it on the same side, or nothing. Opening,
 * growing or turning a position around does not, nor does a change that changes nothing. All a
 * retired strategy may still do while copies are open (ORDER_MUST_REDUCE); the server and the
 * desk's form decide with this one rule.
 */
export function onlyReduces(before: Holding | null, after: Holding | null): boolean {
  if (!before || !new Decimal(before.size).gt(0)) return false;
  if (!after || new Decimal(after.size).isZero()) return true;
  return after.side === before.side && new Decimal(after.size).lt(before.size);
}
