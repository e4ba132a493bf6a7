import type { Dec, InstrumentSymbol } from '../../../market/domain';
import type { NavPoint } from '../metrics';
import type { Fill } from '../orders';
import { NEW_STRATEGY, strategyNav, type StrategyState } from '../strategy';
import { closeOf, type Bar, type BarHistory } from './bars';
import { demoDecision } from './desk';
import type { DemoTrader } from './types';

export interface ReplayInput {
  readonly trader: DemoTrader;
  /** Bars covering [from − lookback, to] for every symbol the trader uses. */
  readonly bars: BarHistory;
  readonly from: number;
  readonly to: number;
}

export interface ReplayResult {
  readonly navSeries: NavPoint[];
  readonly state: StrategyState;
  /** Every fill, at the end of the bar it was decided on: the strategy's order log. */
  readonly fills: readonly { readonly at: number; readonly fill: Fill }[];
  readonly fillCount: number;
}

/**
 * Runs a demo trader over past bars exactly as the live scheduler would — decide at each bar end,
 * fill at that bar's close, through the same demo desk (demoDecision) — and records the NAV at
 * every bar end. First start uses it to give
 * the demo strategies an honest 30-day track record from the back-filled market history.
 */
export function replayDemoTrader(input: ReplayInput): ReplayResult {
  const { trader, bars, from, to } = input;
  const indexBySymbol = new Map<InstrumentSymbol, Map<number, number>>();
  for (const [symbol, series] of bars) {
    indexBySymbol.set(symbol, new Map(series.map((bar, i) => [bar.at, i])));
  }

  const firstBar = Math.ceil(from / trader.barMs) * trader.barMs;
  let state: StrategyState = NEW_STRATEGY;
  const fills: { at: number; fill: Fill }[] = [];
  const navSeries: NavPoint[] = [];
  for (let now = firstBar; now <= to; now += trader.barMs) {
    const view = new Map<InstrumentSymbol, readonly Bar[]>();
    const prices = new Map<InstrumentSymbol, Dec>();
    for (const [symbol, series] of bars) {
      const index = indexBySymbol.get(symbol)?.get(now);
      if (index === undefined) continue;
      view.set(symbol, series.slice(Math.max(0, index + 1 - trader.lookbackBars), index + 1));
      prices.set(symbol, closeOf(series[index] as Bar));
    }
    navSeries.push({ at: now, nav: strategyNav(state, prices).toFixed() });
    const result = demoDecision(trader, view, state, now, prices);
    state = result.state;
    for (const fill of result.fills) fills.push({ at: now, fill });
  }
  return { navSeries, state, fills, fillCount: fills.length };
}
