import { MARKET_SYMBOLS, type MarketSymbol } from '@app/shared/schemas/market';
import { UnknownInstrumentError } from './errors';

/** The instruments the platform prices: the shared list (the web and the config read it too). */
export const INSTRUMENT_SYMBOLS = MARKET_SYMBOLS;
export type InstrumentSymbol = MarketSymbol;

/**
 * What the platform knows about an instrument. The model parameters (reference price, volatility,
 * jumps) only drive the simulated feed; an exchange feed ignores them.
 */
export interface Instrument {
  readonly symbol: InstrumentSymbol;
  readonly base: string;
  readonly quote: 'USDT';
  /** Prices are whole multiples of 10^-priceDecimals (the tick size). */
  readonly priceDecimals: number;
  /** Strategy quantities are rounded down to this many decimals. */
  readonly quantityDecimals: number;
  readonly simulation: {
    /**
     * The level the simulated price wanders around (decimal text): near the real market's, so the
     * demo looks like the market people know. The operator may set others
     * (MARKET_REFERENCE_PRICES); see price-path.ts for how far the price strays from it.
     */
    readonly referencePrice: string;
    /** Annualised volatility of log returns, e.g. 0.55 = 55 %. */
    readonly volatility: number;
    /** Expected number of jumps per day. */
    readonly jumpsPerDay: number;
    /** Standard deviation of a jump's log size. */
    readonly jumpStdDev: number;
  };
}

const instrumentList: readonly Instrument[] = [
  {
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    priceDecimals: 2,
    quantityDecimals: 8,
    simulation: {
      referencePrice: '90000.00',
      volatility: 0.55,
      jumpsPerDay: 0.3,
      jumpStdDev: 0.02,
    },
  },
  {
    symbol: 'ETHUSDT',
    base: 'ETH',
    quote: 'USDT',
    priceDecimals: 2,
    quantityDecimals: 8,
    simulation: {
      referencePrice: '3000.00',
      volatility: 0.7,
      jumpsPerDay: 0.3,
      jumpStdDev: 0.025,
    },
  },
  {
    symbol: 'SOLUSDT',
    base: 'SOL',
    quote: 'USDT',
    priceDecimals: 2,
    quantityDecimals: 8,
    simulation: {
      referencePrice: '140.00',
      volatility: 0.9,
      jumpsPerDay: 0.4,
      jumpStdDev: 0.035,
    },
  },
  {
    symbol: 'BNBUSDT',
    base: 'BNB',
    quote: 'USDT',
    priceDecimals: 2,
    quantityDecimals: 8,
    simulation: {
      referencePrice: '600.00',
      volatility: 0.5,
      jumpsPerDay: 0.2,
      jumpStdDev: 0.02,
    },
  },
  {
    symbol: 'XRPUSDT',
    base: 'XRP',
    quote: 'USDT',
    priceDecimals: 4,
    quantityDecimals: 8,
    simulation: {
      referencePrice: '2.2000',
      volatility: 0.85,
      jumpsPerDay: 0.4,
      jumpStdDev: 0.035,
    },
  },
];

export const INSTRUMENTS: ReadonlyMap<InstrumentSymbol, Instrument> = new Map(
  instrumentList.map((instrument) => [instrument.symbol, instrument]),
);

export function isInstrumentSymbol(symbol: string): symbol is InstrumentSymbol {
  return (INSTRUMENT_SYMBOLS as readonly string[]).includes(symbol);
}

/** The instrument for a symbol, or UnknownInstrumentError (code UNKNOWN_INSTRUMENT). */
export function getInstrument(symbol: string): Instrument {
  const instrument = isInstrumentSymbol(symbol) ? INSTRUMENTS.get(symbol) : undefined;
  if (!instrument) throw new UnknownInstrumentError(symbol);
  return instrument;
}
