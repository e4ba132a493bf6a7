import { UnknownInstrumentError } from './errors';

export const INSTRUMENT_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT'] as const;
export type InstrumentSymbol = (typeof INSTRUMENT_SYMBOLS)[number];

/**
 * What the platform knows about an instrument. The model parameters (start price, volatility,
 * drift, jumps) only drive the simulated feed; an exchange feed ignores them.
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
    /** Price at SIMULATION_ANCHOR_MS, decimal text. */
    readonly startPrice: string;
    /** Annualised volatility of log returns, e.g. 0.55 = 55 %. */
    readonly volatility: number;
    /** Annualised drift of the price (before the -σ²/2 Itô correction). */
    readonly drift: number;
    /** Expected number of jumps per day. */
    readonly jumpsPerDay: number;
    /** Standard deviation of a jump's log size. */
    readonly jumpStdDev: number;
  };
}

/** 2025-01-01T00:00:00Z: the simulated prices equal the start prices at this instant. */
export const SIMULATION_ANCHOR_MS = Date.UTC(2025, 0, 1);

const instrumentList: readonly Instrument[] = [
  {
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    priceDecimals: 2,
    quantityDecimals: 8,
    simulation: {
      startPrice: '94000.00',
      volatility: 0.55,
      drift: 0.05,
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
      startPrice: '3300.00',
      volatility: 0.7,
      drift: 0.04,
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
      startPrice: '190.00',
      volatility: 0.9,
      drift: 0.03,
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
      startPrice: '700.00',
      volatility: 0.5,
      drift: 0.03,
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
      startPrice: '2.2000',
      volatility: 0.85,
      drift: 0,
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
