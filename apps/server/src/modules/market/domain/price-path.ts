import { brownianAt } from './brownian-bridge';
import { getInstrument, SIMULATION_ANCHOR_MS, type Instrument } from './instruments';
import { jumpLogOffsets } from './jumps';
import { hashString } from './prng';

/**
 * Simulated prices: geometric Brownian motion with occasional jumps (Merton's jump-diffusion),
 *
 *   ln S(t) = ln S0 + (μ − σ²/2)·(t − t0) + σ·(W(t) − W(t0)) + J(t)
 *
 * with t in years, t0 = SIMULATION_ANCHOR_MS, W the seeded Brownian motion of brownian-bridge.ts
 * and J the seeded jumps of jumps.ts. Prices change once per second; a price is a pure function
 * of (seed, symbol, second), so live ticks, back-filled candles and tests all see the same market.
 *
 * The model runs in floating point (it is a random model, not money); each price is then
 * quantised to the instrument's tick and leaves this module as exact decimal text.
 */

const SECONDS_PER_YEAR = 365 * 86_400; // crypto trades every day of the year

export function toGridSecond(epochMs: number): number {
  if (!Number.isFinite(epochMs) || epochMs < 0) {
    throw new RangeError(`Simulated prices start at the Unix epoch; got ${epochMs}`);
  }
  return Math.floor(epochMs / 1000);
}

/** Prices in whole ticks (integer multiples of 10^-priceDecimals) at sorted grid seconds. */
export function simulatedTicks(
  seed: number,
  instrument: Instrument,
  seconds: ArrayLike<number>,
): Float64Array {
  const { simulation, symbol, priceDecimals } = instrument;
  const stream = hashString(symbol);
  const normalisedSeed = seed >>> 0;
  const anchor = SIMULATION_ANCHOR_MS / 1000;
  const wAnchor = brownianAt(normalisedSeed, stream, [anchor])[0] as number;
  const w = brownianAt(normalisedSeed, stream, seconds);
  const jumps = jumpLogOffsets(normalisedSeed, stream, anchor, seconds, simulation);

  const sigmaPerSqrtSecond = simulation.volatility / Math.sqrt(SECONDS_PER_YEAR);
  const driftPerSecond =
    (simulation.drift - (simulation.volatility * simulation.volatility) / 2) / SECONDS_PER_YEAR;
  const scale = 10 ** priceDecimals;
  const startTicks = Number(simulation.startPrice) * scale;

  const ticks = new Float64Array(seconds.length);
  for (let i = 0; i < seconds.length; i++) {
    const elapsed = (seconds[i] as number) - anchor;
    const logReturn =
      driftPerSecond * elapsed +
      sigmaPerSqrtSecond * ((w[i] as number) - wAnchor) +
      (jumps[i] as number);
    // A price never falls below one tick.
    ticks[i] = Math.max(1, Math.round(startTicks * Math.exp(logReturn)));
  }
  return ticks;
}

/** Whole ticks as exact decimal text: 9400012 with 2 decimals → "94000.12". */
export function ticksToPrice(ticks: number, priceDecimals: number): string {
  const digits = ticks.toFixed(0).padStart(priceDecimals + 1, '0');
  if (priceDecimals === 0) return digits;
  return `${digits.slice(0, -priceDecimals)}.${digits.slice(-priceDecimals)}`;
}

/** The simulated price of `symbol` at `epochMs` (prices change once per second). */
export function priceAt(seed: number, symbol: string, epochMs: number): string {
  const instrument = getInstrument(symbol);
  const ticks = simulatedTicks(seed, instrument, [toGridSecond(epochMs)])[0] as number;
  return ticksToPrice(ticks, instrument.priceDecimals);
}

/** priceAt for many instants at once (any order); same values, much cheaper per point. */
export function pricesAt(seed: number, symbol: string, epochMs: readonly number[]): string[] {
  const instrument = getInstrument(symbol);
  const order = epochMs
    .map((_, i) => i)
    .sort((a, b) => (epochMs[a] as number) - (epochMs[b] as number));
  const seconds = order.map((i) => toGridSecond(epochMs[i] as number));
  const ticks = simulatedTicks(seed, instrument, seconds);
  const prices = new Array<string>(epochMs.length);
  order.forEach((original, sorted) => {
    prices[original] = ticksToPrice(ticks[sorted] as number, instrument.priceDecimals);
  });
  return prices;
}
