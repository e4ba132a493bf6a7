import { Dec, MINUTE_MS, getInstrument, type Candle, type InstrumentSymbol } from '../domain';

/**
 * The slice of a ccxt exchange the adapter uses (public market data only, no keys). Tests pass a
 * stub object with the same shape.
 */
export interface ExchangeLike {
  fetchTickers(symbols?: string[]): Promise<Record<string, ExchangeTicker | undefined>>;
  fetchOHLCV(
    symbol: string,
    timeframe: string,
    since?: number,
    limit?: number,
  ): Promise<(number | undefined)[][]>;
}

export interface ExchangeTicker {
  last?: number | null;
  open?: number | null;
  timestamp?: number | null;
}

/** "BTCUSDT" → "BTC/USDT" (ccxt's unified symbol). */
export function ccxtSymbol(symbol: InstrumentSymbol): string {
  const instrument = getInstrument(symbol);
  return `${instrument.base}/${instrument.quote}`;
}

/**
 * ccxt hands prices over as JS numbers. They are turned into exact decimal text here, once, at
 * the edge: the shortest text of the number, rounded to the instrument's tick. Null for anything
 * that is not a positive finite price.
 */
export function exchangePrice(
  value: number | null | undefined,
  symbol: InstrumentSymbol,
): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  const { priceDecimals } = getInstrument(symbol);
  const price = new Dec(String(value)).toDecimalPlaces(priceDecimals, Dec.ROUND_HALF_EVEN);
  return price.gt(0) ? price.toFixed(priceDecimals) : null;
}

/** ccxt OHLCV rows ([time, open, high, low, close, volume]) → complete 1-minute candles. */
export function ohlcvToCandles(
  rows: readonly (readonly (number | undefined)[])[],
  symbol: InstrumentSymbol,
  fromMs: number,
  toMs: number,
): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const row of rows) {
    const [time, o, h, l, c] = row;
    if (typeof time !== 'number' || time % MINUTE_MS !== 0) continue;
    if (time < fromMs || time + MINUTE_MS > toMs) continue;
    const open = exchangePrice(o, symbol);
    const high = exchangePrice(h, symbol);
    const low = exchangePrice(l, symbol);
    const close = exchangePrice(c, symbol);
    if (!open || !high || !low || !close) continue;
    byTime.set(time, { openTime: time, open, high, low, close });
  }
  return [...byTime.values()].sort((a, b) => a.openTime - b.openTime);
}

/**
 * Minute ranges [from, to) with no candle among `openTimes` (sorted or not), for gap back-fill
 * after a disconnect or a restart. Only whole minutes inside [fromMs, toMs) count.
 */
export function missingRanges(
  openTimes: readonly number[],
  fromMs: number,
  toMs: number,
): { from: number; to: number }[] {
  const first = Math.ceil(fromMs / MINUTE_MS) * MINUTE_MS;
  const end = Math.floor(toMs / MINUTE_MS) * MINUTE_MS;
  const present = new Set(openTimes);
  const ranges: { from: number; to: number }[] = [];
  let start: number | null = null;
  for (let t = first; t < end; t += MINUTE_MS) {
    if (!present.has(t)) {
      start ??= t;
    } else if (start !== null) {
      ranges.push({ from: start, to: t });
      start = null;
    }
  }
  if (start !== null) ranges.push({ from: start, to: end });
  return ranges;
}

/**
 * Pages through `fetchOHLCV` (the exchange returns at most `pageSize` candles per call) from
 * `fromMs` until `toMs`, stopping early when the exchange has nothing more.
 */
export async function fetchCandlesPaged(
  exchange: ExchangeLike,
  symbol: InstrumentSymbol,
  fromMs: number,
  toMs: number,
  pageSize = 1000,
): Promise<Candle[]> {
  const out = new Map<number, Candle>();
  let since = Math.ceil(fromMs / MINUTE_MS) * MINUTE_MS;
  while (since + MINUTE_MS <= toMs) {
    const rows = await exchange.fetchOHLCV(ccxtSymbol(symbol), '1m', since, pageSize);
    const page = ohlcvToCandles(rows, symbol, since, toMs);
    for (const candle of page) out.set(candle.openTime, candle);
    const last = page.at(-1);
    if (!last || last.openTime + MINUTE_MS <= since) break;
    since = last.openTime + MINUTE_MS;
    if (rows.length < pageSize) break;
  }
  return [...out.values()].sort((a, b) => a.openTime - b.openTime);
}
