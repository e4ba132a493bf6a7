import { DEMO_TRADER_DESCRIPTIONS } from '@app/shared/schemas/strategies';
import { lastCloses, zScore } from './bars';
import type { DemoTrader } from './types';
import type { TargetWeightOrder } from '../orders';
import { HOUR_MS } from '../../../market/domain';

const WINDOW = 24;
const ENTRY_Z = '1.5';
const EXIT_Z = '0.25';
const WEIGHT = '0.4';

/**
 * Fades stretched moves in SOL and XRP: when the last hourly close is 1.5 standard deviations below
 * its 24-hour mean it goes long 40 %, 1.5 above it goes short 40 %, and it closes once the price
 * is back within 0.25 standard deviations of the mean. In between it holds.
 */
export const meanReversionTrader: DemoTrader = {
  id: 'mean-reversion',
  name: 'Mean Reverter',
  description: DEMO_TRADER_DESCRIPTIONS['mean-reversion'],
  symbols: ['SOLUSDT', 'XRPUSDT'],
  barMs: HOUR_MS,
  lookbackBars: WINDOW,
  decide(bars, state) {
    const orders: TargetWeightOrder[] = [];
    for (const symbol of this.symbols) {
      const closes = lastCloses(bars.get(symbol), WINDOW);
      if (!closes) continue;
      const z = zScore(closes);
      const held = state.positions.find((p) => p.symbol === symbol);
      if (z.lte(`-${ENTRY_Z}`) && held?.side !== 'long') {
        orders.push({ symbol, side: 'long', targetWeight: WEIGHT });
      } else if (z.gte(ENTRY_Z) && held?.side !== 'short') {
        orders.push({ symbol, side: 'short', targetWeight: WEIGHT });
      } else if (held && z.abs().lte(EXIT_Z)) {
        orders.push({ symbol, side: held.side, targetWeight: '0' });
      }
    }
    return orders;
  },
};
