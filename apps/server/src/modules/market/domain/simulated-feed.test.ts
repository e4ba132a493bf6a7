import { describe, expect, it } from 'vitest';
import { priceAt } from './price-path';
import { SimulatedFeed } from './simulated-feed';

const NOW = Date.UTC(2025, 6, 1, 9, 30, 15);

describe('SimulatedFeed', () => {
  it('quotes every instrument at the given instant with its price 24 hours earlier', () => {
    const quotes = new SimulatedFeed(42).next(NOW);
    expect(quotes.map((q) => q.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'SOLUSDT',
      'BNBUSDT',
      'XRPUSDT',
    ]);
    for (const quote of quotes) {
      expect(quote.at).toBe(NOW);
      expect(quote.price).toBe(priceAt(42, quote.symbol, NOW));
      expect(quote.open24h).toBe(priceAt(42, quote.symbol, NOW - 86_400_000));
    }
  });

  it('gives two feeds with the same seed the same quotes, however often each is sampled', () => {
    const often = new SimulatedFeed(7, ['BTCUSDT']);
    for (let t = NOW - 60_000; t < NOW; t += 1_000) often.next(t);
    expect(often.next(NOW)).toEqual(new SimulatedFeed(7, ['BTCUSDT']).next(NOW));
  });

  it('refuses a clock that runs backwards', () => {
    const feed = new SimulatedFeed(1);
    feed.next(NOW);
    expect(() => feed.next(NOW - 1)).toThrow(RangeError);
    expect(() => feed.next(NOW)).not.toThrow();
  });
});
