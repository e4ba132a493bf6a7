import { DEMO_TRADER_DESCRIPTIONS } from '@app/shared/schemas/strategies';
import type { DemoTrader } from './types';
import { DAY_MS, HOUR_MS } from '../../../market/domain';

const WEEK_MS = 7 * DAY_MS;
const WEIGHT = '0.5';

/**
 * A cautious allocation: half the equity in BTC, long, the other half kept in cash, rebalanced
 * back to 50 % at the first decision of every week (UTC, counted from the epoch) or at once when
 * the position is missing.
 */
export const bitcoinReserveTrader: DemoTrader = {
  id: 'bitcoin-reserve',
  name: 'Bitcoin Reserve',
  description: DEMO_TRADER_DESCRIPTIONS['bitcoin-reserve'],
  symbols: ['BTCUSDT'],
  barMs: HOUR_MS,
  lookbackBars: 1,
  decide(bars, state, now) {
    if ((bars.get('BTCUSDT')?.length ?? 0) === 0) return [];
    const holding = state.positions.some((p) => p.symbol === 'BTCUSDT' && p.side === 'long');
    const firstDecisionOfWeek = now % WEEK_MS < this.barMs;
    if (holding && !firstDecisionOfWeek) return [];
    return [{ symbol: 'BTCUSDT', side: 'long' as const, targetWeight: WEIGHT }];
  },
};
