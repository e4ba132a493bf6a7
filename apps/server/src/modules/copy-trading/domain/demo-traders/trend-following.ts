import { DEMO_TRADER_DESCRIPTIONS } from '@app/shared/schemas/strategies';
import { lastCloses, mean } from './bars';
import type { DemoTrader } from './types';
import type { PositionSide } from '../strategy';
import type { TargetWeightOrder } from '../orders';
import { HOUR_MS } from '../../../market/domain';

const FAST = 6;
const SLOW = 24;
const WEIGHT: Record<PositionSide, string> = { long: '0.45', short: '0.3' };

/**
 * Moving-average crossover on hourly closes of BTC and ETH: long 45 % while the 6-hour average is
 * above the 24-hour one, short 30 % while it is below. Acts only when the signal's side differs
 * from the position held, so it trades on crossovers (and pays for whipsaws, as trend followers do).
 */
export const trendFollowingTrader: DemoTrader = {
  id: 'trend-following',
  name: 'Trend Rider',
  description: DEMO_TRADER_DESCRIPTIONS['trend-following'],
  symbols: ['BTCUSDT', 'ETHUSDT'],
  barMs: HOUR_MS,
  lookbackBars: SLOW,
  decide(bars, state) {
    const orders: TargetWeightOrder[] = [];
    for (const symbol of this.symbols) {
      const closes = lastCloses(bars.get(symbol), SLOW);
      if (!closes) continue;
      const fast = mean(closes.slice(-FAST));
      const slow = mean(closes);
      if (fast.eq(slow)) continue;
      const side: PositionSide = fast.gt(slow) ? 'long' : 'short';
      const held = state.positions.find((p) => p.symbol === symbol);
      if (held?.side !== side) orders.push({ symbol, side, targetWeight: WEIGHT[side] });
    }
    return orders;
  },
};
