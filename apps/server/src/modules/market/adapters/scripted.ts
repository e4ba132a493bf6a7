import fs from 'node:fs';
import type { Clock } from '../../../context';
import {
  INSTRUMENTS,
  isInstrumentSymbol,
  MINUTE_MS,
  type Candle,
  type InstrumentSymbol,
  type MarketDataSource,
  type PriceQuote,
} from '../domain';

export const SCRIPTED_LABEL = 'Scripted market data';

/** A market whose prices a test sets: exact prices, so a test can assert exact cents. */
export interface ScriptedSource extends MarketDataSource {
  /** From now on, these instruments quote these prices (decimal text); the others keep theirs. */
  set(prices: Partial<Record<InstrumentSymbol, string>>): void;
  price(symbol: InstrumentSymbol): string;
}

/**
 * Where a scripted market starts: fixed prices the tests' exact cents are worked out from (they
 * are not the simulated market's reference prices, which the operator may change).
 */
export const SCRIPTED_START_PRICES: Readonly<Record<InstrumentSymbol, string>> = {
  BTCUSDT: '94000.00',
  ETHUSDT: '3300.00',
  SOLUSDT: '190.00',
  BNBUSDT: '700.00',
  XRPUSDT: '2.2000',
};

/**
 * Every instrument starts at SCRIPTED_START_PRICES; its history (the back-fill the demo
 * strategies replay on) is flat at that price, so they start at NAV 1 and trade only when told.
 * Quotes are stamped with the injected clock's time.
 */
export function createScriptedSource(clock: Clock): ScriptedSource {
  const start = new Map<InstrumentSymbol, string>(
    [...INSTRUMENTS.values()].map((i) => [i.symbol, SCRIPTED_START_PRICES[i.symbol]]),
  );
  const current = new Map(start);
  const priceOf = (symbol: InstrumentSymbol) => {
    const price = current.get(symbol);
    if (price === undefined) throw new Error(`no scripted price for ${symbol}`);
    return price;
  };
  return {
    kind: 'simulated',
    label: SCRIPTED_LABEL,
    instruments: [...INSTRUMENTS.values()],
    set(prices) {
      for (const [symbol, price] of Object.entries(prices) as [InstrumentSymbol, string][]) {
        current.set(symbol, price);
      }
    },
    price: priceOf,
    latestPrices() {
      const at = clock.now().getTime();
      return Promise.resolve(
        new Map<InstrumentSymbol, PriceQuote>(
          [...current].map(([symbol, price]) => [
            symbol,
            { symbol, price, at, open24h: start.get(symbol) ?? price },
          ]),
        ),
      );
    },
    candles(symbol, fromMs, toMs) {
      const price = start.get(symbol) ?? priceOf(symbol);
      const candles: Candle[] = [];
      const first = Math.ceil(fromMs / MINUTE_MS) * MINUTE_MS;
      for (let openTime = first; openTime + MINUTE_MS <= toMs; openTime += MINUTE_MS) {
        candles.push({ openTime, open: price, high: price, low: price, close: price });
      }
      return Promise.resolve(candles);
    },
    subscribe() {
      return () => {};
    },
    close() {
      return Promise.resolve();
    },
  };
}

/**
 * MARKET_SCRIPT_FILE (browser tests): the scripted market whose prices are those of a JSON file
 * (`{"BTCUSDT":"90000.00"}`), read again before every quote, so a test outside the server process
 * can move the market. A missing or half-written file leaves the prices as they were.
 */
export function createScriptFileSource(file: string, clock: Clock): ScriptedSource {
  const source = createScriptedSource(clock);
  const follow = () => {
    try {
      const prices = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const [symbol, price] of Object.entries(prices)) {
        if (
          isInstrumentSymbol(symbol) &&
          typeof price === 'string' &&
          /^\d+(\.\d+)?$/.test(price)
        ) {
          source.set({ [symbol]: price });
        }
      }
    } catch {
      // not written yet, or being written: the next tick reads it
    }
  };
  return {
    ...source,
    latestPrices() {
      follow();
      return source.latestPrices();
    },
  };
}
