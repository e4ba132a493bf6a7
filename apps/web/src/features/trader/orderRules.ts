import { onlyReduces, type Holding } from '@app/shared/order-rules';
import type { OrderFill, TraderStrategy } from '@app/shared/schemas/strategies';

interface Order {
  symbol: string;
  side: 'long' | 'short';
  /** Percent of equity, already checked as 0 to 100. */
  targetWeight: string;
}

/**
 * What the server would refuse an order for that the desk can already tell, before the
 * confirmation: closing (weight 0 closes whatever is held) an instrument the strategy does not
 * hold changes nothing (ORDER_CHANGES_NOTHING), and a retired strategy takes only orders that
 * reduce a position (ORDER_MUST_REDUCE), by the server's own rule (onlyReduces) applied to the
 * weight held and the weight asked for. An order for the weight already held is left to the
 * server: the weight shown is rounded and moves with prices, the quantity at the fill price
 * decides.
 */
export function orderRefusal(
  desk: TraderStrategy,
  order: Order,
): { code: 'ORDER_CHANGES_NOTHING' | 'ORDER_MUST_REDUCE'; symbol: string } | null {
  const held = desk.positions.find((position) => position.symbol === order.symbol);
  const closing = Number(order.targetWeight) === 0;
  if (closing && !held) return { code: 'ORDER_CHANGES_NOTHING', symbol: order.symbol };
  if (!desk.strategy.terms?.retired) return null;
  const before: Holding | null = held ? { side: held.side, size: held.weightPct } : null;
  const after: Holding | null = closing ? null : { side: order.side, size: order.targetWeight };
  return onlyReduces(before, after) ? null : { code: 'ORDER_MUST_REDUCE', symbol: order.symbol };
}

export type FillChange = 'opened' | 'increased' | 'reduced' | 'closed';

/**
 * How a fill changed its position, from the desk before the order and after it: grown from
 * nothing (opened) or from a position on that side (increased), shrunk to a smaller one (reduced)
 * or to nothing (closed).
 */
export function fillChange(
  fill: OrderFill,
  before: TraderStrategy,
  after: TraderStrategy,
): FillChange {
  const on = (desk: TraderStrategy) =>
    desk.positions.some((p) => p.symbol === fill.symbol && p.side === fill.side);
  if (fill.quantityDelta.startsWith('-')) return on(after) ? 'reduced' : 'closed';
  return on(before) ? 'increased' : 'opened';
}
