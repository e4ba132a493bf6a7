export { Dec, dec, centsToDollars, floorToCents, type DecimalInput } from './decimal';
export { MarketDomainError, UnknownInstrumentError } from './errors';
export {
  INSTRUMENTS,
  INSTRUMENT_SYMBOLS,
  getInstrument,
  isInstrumentSymbol,
  type Instrument,
  type InstrumentSymbol,
} from './instruments';
export { priceAt, pricesAt } from './price-path';
export {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  aggregateCandles,
  historyCandles,
  type Candle,
  type PriceTick,
} from './candles';
export { SimulatedFeed, type ReferencePrices } from './simulated-feed';
export type { MarketDataSource, PriceQuote, QuoteListener } from './market-data-source';
export { mulberry32 } from './prng';
