import { describe, expect, it } from 'vitest';
import { tradeClosedEntry } from './trades.ledger';

/** A close's entry in each case: above, at and below the amount, in each book. */
const postings = (entry: ReturnType<typeof tradeClosedEntry>) =>
  entry.postings.map((p) => [p.code, p.amount]);

describe('tradeClosedEntry', () => {
  it('pays a gain from strategy P&L: the amount back from invested, the profit on top', () => {
    const entry = tradeClosedEntry('real', 'u1', 100_000n, 112_345n, 'Trade closed');
    expect(entry.kind).toBe('trade.close');
    expect(entry.description).toBe('Trade closed');
    expect(postings(entry)).toEqual([
      ['platform:strategy_pnl', -12_345n],
      ['user:u1:available', 112_345n],
      ['user:u1:invested', -100_000n],
    ]);
  });

  it('leaves a loss in strategy P&L: the payout back, the rest of the amount to P&L', () => {
    expect(postings(tradeClosedEntry('real', 'u1', 100_000n, 87_655n, 'x'))).toEqual([
      ['platform:strategy_pnl', 12_345n],
      ['user:u1:available', 87_655n],
      ['user:u1:invested', -100_000n],
    ]);
  });

  it('moves only invested to available at par, and a practice copy in its own book', () => {
    expect(postings(tradeClosedEntry('real', 'u1', 100_000n, 100_000n, 'x'))).toEqual([
      ['user:u1:available', 100_000n],
      ['user:u1:invested', -100_000n],
    ]);
    const practice = tradeClosedEntry('practice', 'u1', 100_000n, 90_000n, 'x');
    expect(practice.kind).toBe('practice.trade.close');
    expect(postings(practice)).toEqual([
      ['platform:practice_strategy_pnl', 10_000n],
      ['user:u1:practice_available', 90_000n],
      ['user:u1:practice_invested', -100_000n],
    ]);
  });
});
