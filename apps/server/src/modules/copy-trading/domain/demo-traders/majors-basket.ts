import { DEMO_TRADER_DESCRIPTIONS } from '@app/shared/schemas/strategies';
import type { DemoTrader } from './types';
import { HOUR_MS, DAY_MS } from '../../../market/domain';

const WEIGHT = '0.32';

/**
 * Holds BTC, ETH and BNB long at 32 % each (4 % cash) and rebalances back to those weights at the
 * first decision of every UTC day, or at once when a member is missing.
 */
export const majorsBasketTrader: DemoTrader = {
  id: 'majors-basket',
  name: 'Majors Basket',
  description: DEMO_TRADER_DESCRIPTIONS['majors-basket'],
  symbols: ['BTCUSDT', 'ETHUSDT', 'BNBUSDT'],
  barMs: HOUR_MS,
  lookbackBars: 1,
  decide(bars, state, now) {
    const priced = this.symbols.every((symbol) => (bars.get(symbol)?.length ?? 0) > 0);
    if (!priced) return [];
    const complete = this.symbols.every((symbol) =>
      state.positions.some((p) => p.symbol === symbol && p.side === 'long'),
    );
    const firstDecisionOfDay = now % DAY_MS < this.barMs;
    if (complete && !firstDecisionOfDay) return [];
    return this.symbols.map((symbol) => ({ symbol, side: 'long' as const, targetWeight: WEIGHT }));
  },
};
