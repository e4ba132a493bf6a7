export { barCloses, type Bar, type BarHistory } from './bars';
export type { DemoTrader } from './types';
export { trendFollowingTrader } from './trend-following';
export { meanReversionTrader } from './mean-reversion';
export { majorsBasketTrader } from './majors-basket';
export { bitcoinReserveTrader } from './bitcoin-reserve';
export { demoDecision, executeDecision, scaleToFit } from './desk';
export { replayDemoTrader, type ReplayInput, type ReplayResult } from './replay';

import { bitcoinReserveTrader } from './bitcoin-reserve';
import { majorsBasketTrader } from './majors-basket';
import { meanReversionTrader } from './mean-reversion';
import { trendFollowingTrader } from './trend-following';

export const DEMO_TRADERS = [
  trendFollowingTrader,
  meanReversionTrader,
  majorsBasketTrader,
  bitcoinReserveTrader,
] as const;
