import type { Config } from '../../config';
import type { ReferencePrices } from './domain';

/**
 * Market-data settings (from config.ts: MARKET_SEED, MARKET_REFERENCE_PRICES, MARKET_BACKFILL_DAYS,
 * MARKET_TICK_MS).
 */
export interface MarketOptions {
  /**
   * Seed of the simulated market: the same seed always gives the same prices. Undefined: the
   * secret seed stored in the database (drawn at first start), see resolveMarketSeed.
   */
  seed: number | undefined;
  /** The simulated market's reference prices; an instrument left out keeps its default. */
  referencePrices: ReferencePrices;
  /** Days of 1-minute candles (and demo track record) back-filled on first start. */
  backfillDays: number;
  /** Extra days before the back-fill so the demo traders have their look-back from the start. */
  warmupDays: number;
  /** How often the leader takes a price tick (and values every strategy). */
  tickMs: number;
}

/** A stored price older than this is not used to fill an order or value a trade. */
export const PRICE_STALE_AFTER_MS = 5 * 60_000;

/** The market options of this configuration (parsed and checked in config.ts). */
export function marketOptions(
  config: Pick<
    Config,
    'marketSeed' | 'marketReferencePrices' | 'marketBackfillDays' | 'marketTickMs'
  >,
): MarketOptions {
  return {
    seed: config.marketSeed,
    referencePrices: config.marketReferencePrices,
    backfillDays: config.marketBackfillDays,
    warmupDays: 2,
    tickMs: config.marketTickMs,
  };
}
