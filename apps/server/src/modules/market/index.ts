/** The market module's face (instruments, prices and candles, the price source): what other modules and the app's wiring use. */
export { createExchangeSource } from './adapters/exchange';
export { createScriptFileSource } from './adapters/scripted';
export { createSimulatedSource } from './adapters/simulated';
export {
  Dec,
  MarketDomainError,
  UnknownInstrumentError,
  centsToDollars,
  floorToCents,
  getInstrument,
  isInstrumentSymbol,
  type Candle,
  type DecimalInput,
  type InstrumentSymbol,
  type MarketDataSource,
  type PriceQuote,
} from './domain';
export { PRICE_STALE_AFTER_MS, marketOptions, type MarketOptions } from './market.options';
export { marketRoutes } from './market.routes';
export {
  backfillCandles,
  changePct,
  hourlyBars,
  recordTick,
  storedMarketSeed,
} from './market.service';
export { createPriceSource, type PriceSource } from './price-source';
export type { Bar } from './domain/bar';
