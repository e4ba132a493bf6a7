import { Dec } from './decimal';
import { getInstrument } from './instruments';
import { simulatedTicks, ticksToPrice, toGridSecond } from './price-path';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** One OHLC candle; prices are exact decimal text. `openTime` is the interval start (epoch ms). */
export interface Candle {
  readonly openTime: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
}

export interface PriceTick {
  readonly at: number;
  readonly price: string;
}

/**
 * Groups ticks into candles of `intervalMs`, aligned to the epoch (a 1-minute candle opens at
 * :00). Open is the first tick of the interval, close the last; intervals without ticks produce
 * no candle. Ticks may come in any order.
 */
export function aggregateCandles(ticks: readonly PriceTick[], intervalMs: number): Candle[] {
  if (!Number.isInteger(intervalMs) || intervalMs <= 0) {
    throw new RangeError('intervalMs must be a positive whole number of milliseconds');
  }
  const sorted = [...ticks].sort((a, b) => a.at - b.at);
  const candles: Candle[] = [];
  let current: OpenCandle | null = null;
  for (const tick of sorted) {
    const openTime = Math.floor(tick.at / intervalMs) * intervalMs;
    const price = new Dec(tick.price);
    if (current && current.openTime === openTime) {
      // High and low keep the tick's own text, so they show the same decimals as open and close.
      if (price.gt(current.highValue)) [current.high, current.highValue] = [tick.price, price];
      if (price.lt(current.lowValue)) [current.low, current.lowValue] = [tick.price, price];
      current.close = tick.price;
      continue;
    }
    if (current) candles.push(toCandle(current));
    current = {
      openTime,
      open: tick.price,
      high: tick.price,
      highValue: price,
      low: tick.price,
      lowValue: price,
      close: tick.price,
    };
  }
  if (current) candles.push(toCandle(current));
  return candles;
}

interface OpenCandle {
  openTime: number;
  open: string;
  high: string;
  highValue: Dec;
  low: string;
  lowValue: Dec;
  close: string;
}

function toCandle({ openTime, open, high, low, close }: OpenCandle): Candle {
  return { openTime, open, high, low, close };
}

/**
 * Seconds within each minute at which the back-fill samples the simulated path: open at :00,
 * close at :59 (the last price of the minute, as a live 1-second feed would close it), and
 * three points between for the high and low. A live feed sampling every second can see a
 * slightly wider high/low than the back-fill for the same minute; open and close agree exactly.
 */
const SAMPLE_SECONDS = [0, 15, 30, 45, 59] as const;

/**
 * Complete simulated 1-minute candles whose whole minute lies in [fromMs, toMs), oldest first.
 * Built for first start: 30 days × 5 instruments in a fraction of a second.
 */
export function historyCandles(
  seed: number,
  symbol: string,
  fromMs: number,
  toMs: number,
  /** The instrument's reference price (its default when not given), see price-path.ts. */
  reference?: string,
): Candle[] {
  const instrument = getInstrument(symbol);
  const firstMinute = Math.ceil(toGridSecond(fromMs) / 60);
  const endMinute = Math.floor(toGridSecond(toMs) / 60); // exclusive: the minute toMs falls in may be unfinished
  const minutes = Math.max(0, endMinute - firstMinute);
  if (minutes === 0) return [];

  const perMinute = SAMPLE_SECONDS.length;
  const seconds = new Float64Array(minutes * perMinute);
  for (let m = 0; m < minutes; m++) {
    const base = (firstMinute + m) * 60;
    for (let s = 0; s < perMinute; s++)
      seconds[m * perMinute + s] = base + (SAMPLE_SECONDS[s] as number);
  }
  const ticks = simulatedTicks(seed, instrument, seconds, reference);

  const candles = new Array<Candle>(minutes);
  const decimals = instrument.priceDecimals;
  for (let m = 0; m < minutes; m++) {
    const offset = m * perMinute;
    const open = ticks[offset] as number;
    let high = open;
    let low = open;
    for (let s = 1; s < perMinute; s++) {
      const value = ticks[offset + s] as number;
      if (value > high) high = value;
      if (value < low) low = value;
    }
    candles[m] = {
      openTime: (firstMinute + m) * MINUTE_MS,
      open: ticksToPrice(open, decimals),
      high: ticksToPrice(high, decimals),
      low: ticksToPrice(low, decimals),
      close: ticksToPrice(ticks[offset + perMinute - 1] as number, decimals),
    };
  }
  return candles;
}
