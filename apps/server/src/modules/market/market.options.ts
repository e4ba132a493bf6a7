/** Market-data settings, from the environment (README: MARKET_DATA, EXCHANGE, MARKET_SEED...). */
export interface MarketOptions {
  /** Seed of the simulated market: the same seed always gives the same prices. */
  seed: number;
  /** Days of 1-minute candles (and demo track record) back-filled on first start. */
  backfillDays: number;
  /** Extra days before the back-fill so the demo traders have their look-back from the start. */
  warmupDays: number;
  /** How often the leader takes a price tick (and values every strategy). */
  tickMs: number;
  /** A stored price older than this is not used to fill an order or value a trade. */
  staleAfterMs: number;
}

export const DEFAULT_MARKET_SEED = 20_250_101;

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

export function marketOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MarketOptions {
  return {
    seed: positiveInt(env.MARKET_SEED, DEFAULT_MARKET_SEED) >>> 0,
    backfillDays: Math.min(90, Math.max(1, positiveInt(env.MARKET_BACKFILL_DAYS, 30))),
    warmupDays: 2,
    tickMs: Math.max(250, positiveInt(env.MARKET_TICK_MS, 1000)),
    staleAfterMs: 5 * 60_000,
  };
}
