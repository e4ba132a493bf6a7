import { brownianAt } from './brownian-bridge';
import { getInstrument, type Instrument } from './instruments';
import { fadingJumpOffsets } from './jumps';
import { hashString } from './prng';

/**
 * Simulated prices: a log price that wanders around the instrument's reference price R (the
 * operator's, or the instrument's default near the real market) and never drifts away from it:
 *
 *   x(t)    = σ/√2 · (W(t) − W(t − T)) + J(t)
 *   ln S(t) = ln R + L · tanh(x(t) / L)
 *
 * with W the seeded Brownian motion of brownian-bridge.ts (time in years), T = REVERSION_WINDOW,
 * J the seeded jumps of jumps.ts, each fading out over JUMP_FADE, and L = MAX_LOG_DEVIATION.
 *
 * - Over seconds to days the price moves like geometric Brownian motion with volatility σ: an
 *   increment of x is σ/√2 times two independent Brownian increments, of variance σ²·dt.
 * - Over a demo's history it does not drift: x is the move of the last T only, so its spread is
 *   σ·√(T/2) at any date (BTC about ±11 %, SOL about ±18 % for one standard deviation), a year
 *   after install as on the first day. (The plain random walk this replaced had sent XRP from
 *   2.20 to 22.20 within two years.)
 * - The tanh bound keeps even the rarest path within [R / 3, 3 R]; it barely touches moves of a
 *   few standard deviations (tanh(u) ≈ u).
 *
 * Prices change once per second; a price is a pure function of (seed, symbol, reference, second),
 * so live ticks, back-filled candles and tests all see the same market. The model runs in floating
 * point (it is a random model, not money); each price is then quantised to the instrument's tick
 * and leaves this module as exact decimal text.
 */

const SECONDS_PER_YEAR = 365 * 86_400; // crypto trades every day of the year

/** The window whose Brownian move sets the distance from the reference: 30 days. */
export const REVERSION_WINDOW_SECONDS = 30 * 86_400;
/** A jump's effect fades linearly to nothing over 7 days. */
export const JUMP_FADE_SECONDS = 7 * 86_400;
/** The log price stays within ln 3 of the reference's: from R / 3 to 3 R. */
export const MAX_LOG_DEVIATION = Math.log(3);

export function toGridSecond(epochMs: number): number {
  if (!Number.isFinite(epochMs) || epochMs < 0) {
    throw new RangeError(`Simulated prices start at the Unix epoch; got ${epochMs}`);
  }
  return Math.floor(epochMs / 1000);
}

/**
 * Prices in whole ticks (integer multiples of 10^-priceDecimals) at sorted grid seconds, around
 * `reference` (decimal text; the instrument's default reference when not given).
 */
export function simulatedTicks(
  seed: number,
  instrument: Instrument,
  seconds: ArrayLike<number>,
  reference: string = instrument.simulation.referencePrice,
): Float64Array {
  const { simulation, symbol, priceDecimals } = instrument;
  const stream = hashString(symbol);
  const normalisedSeed = seed >>> 0;
  const lagged = new Float64Array(seconds.length);
  for (let i = 0; i < seconds.length; i++) {
    lagged[i] = Math.max(0, (seconds[i] as number) - REVERSION_WINDOW_SECONDS);
  }
  const w = brownianAt(normalisedSeed, stream, seconds);
  const wBefore = brownianAt(normalisedSeed, stream, lagged);
  const jumps = fadingJumpOffsets(normalisedSeed, stream, seconds, simulation, JUMP_FADE_SECONDS);

  const sigma = simulation.volatility / Math.sqrt(SECONDS_PER_YEAR) / Math.SQRT2;
  const scale = 10 ** priceDecimals;
  const referenceTicks = Number(reference) * scale;

  const ticks = new Float64Array(seconds.length);
  for (let i = 0; i < seconds.length; i++) {
    const x = sigma * ((w[i] as number) - (wBefore[i] as number)) + (jumps[i] as number);
    const logDeviation = MAX_LOG_DEVIATION * Math.tanh(x / MAX_LOG_DEVIATION);
    // A price never falls below one tick.
    ticks[i] = Math.max(1, Math.round(referenceTicks * Math.exp(logDeviation)));
  }
  return ticks;
}

/** Whole ticks as exact decimal text: 9400012 with 2 decimals → "94000.12". */
export function ticksToPrice(ticks: number, priceDecimals: number): string {
  const digits = ticks.toFixed(0).padStart(priceDecimals + 1, '0');
  if (priceDecimals === 0) return digits;
  return `${digits.slice(0, -priceDecimals)}.${digits.slice(-priceDecimals)}`;
}

/**
 * The simulated price of `symbol` at `epochMs` (prices change once per second), around
 * `reference` (the instrument's default when not given).
 */
export function priceAt(seed: number, symbol: string, epochMs: number, reference?: string): string {
  const instrument = getInstrument(symbol);
  const ticks = simulatedTicks(seed, instrument, [toGridSecond(epochMs)], reference)[0] as number;
  return ticksToPrice(ticks, instrument.priceDecimals);
}

/** priceAt for many instants at once (any order); same values, much cheaper per point. */
export function pricesAt(
  seed: number,
  symbol: string,
  epochMs: readonly number[],
  reference?: string,
): string[] {
  const instrument = getInstrument(symbol);
  const order = epochMs
    .map((_, i) => i)
    .sort((a, b) => (epochMs[a] as number) - (epochMs[b] as number));
  const seconds = order.map((i) => toGridSecond(epochMs[i] as number));
  const ticks = simulatedTicks(seed, instrument, seconds, reference);
  const prices = new Array<string>(epochMs.length);
  order.forEach((original, sorted) => {
    prices[original] = ticksToPrice(ticks[sorted] as number, instrument.priceDecimals);
  });
  return prices;
}
