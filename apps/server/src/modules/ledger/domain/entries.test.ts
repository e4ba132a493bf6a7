import { describe, expect, it } from 'vitest';
import {
  PRACTICE_GRANTS,
  adjustment,
  assertBalanced,
  bookAccount,
  bookPlatformAccount,
  practiceReset,
  practiceStarted,
  depositApproved,
  entryFromMoves,
  platformAccount,
  userAccount,
  withdrawalHeld,
  withdrawalPaid,
  withdrawalReleased,
  LedgerError,
} from './index';

const U = '00000000-0000-4000-8000-000000000001';
const amounts = (entry: { postings: { code: string; amount: bigint }[] }) =>
  Object.fromEntries(entry.postings.map((p) => [p.code, p.amount]));

describe('ledger entries', () => {
  it('an approved deposit moves platform cash to the user available account', () => {
    const entry = depositApproved(U, 5_000n, 'Deposit');
    expect(entry.kind).toBe('deposit');
    expect(amounts(entry)).toEqual({ 'platform:cash': -5_000n, [`user:${U}:available`]: 5_000n });
  });

  it('a withdrawal request holds the amount; paying splits it into payout and fee', () => {
    expect(amounts(withdrawalHeld(U, 1_000n, 'w'))).toEqual({
      [`user:${U}:available`]: -1_000n,
      [`user:${U}:withdrawal_hold`]: 1_000n,
    });
    expect(amounts(withdrawalPaid(U, 1_000n, 100n, 'w'))).toEqual({
      [`user:${U}:withdrawal_hold`]: -1_000n,
      'platform:payouts': 900n,
      'platform:fee_income': 100n,
    });
  });

  it('paying with no fee leaves out the fee posting (no zero postings)', () => {
    expect(amounts(withdrawalPaid(U, 1_000n, 0n, 'w'))).toEqual({
      [`user:${U}:withdrawal_hold`]: -1_000n,
      'platform:payouts': 1_000n,
    });
  });

  it('a rejected withdrawal releases the hold', () => {
    expect(amounts(withdrawalReleased(U, 700n, 'w'))).toEqual({
      [`user:${U}:withdrawal_hold`]: -700n,
      [`user:${U}:available`]: 700n,
    });
  });

  it('adjustments: balance both ways, profit and bonus as credits only', () => {
    expect(amounts(adjustment(U, 'balance', -250n, 'r'))).toEqual({
      [`user:${U}:available`]: -250n,
      'platform:adjustments': 250n,
    });
    expect(adjustment(U, 'profit', 100n, 'r').kind).toBe('adjustment.profit');
    expect(amounts(adjustment(U, 'bonus', 100n, 'r'))).toEqual({
      'platform:bonuses': -100n,
      [`user:${U}:available`]: 100n,
    });
    expect(() => adjustment(U, 'bonus', -100n, 'r')).toThrow(LedgerError);
    expect(() => adjustment(U, 'balance', 0n, 'r')).toThrow(LedgerError);
  });

  it('merges moves on the same account and refuses an entry that nets to nothing', () => {
    const a = userAccount(U, 'available');
    const cash = platformAccount('cash');
    expect(() =>
      entryFromMoves('deposit', 'x', [
        { from: cash, to: a, amount: 5n },
        { from: a, to: cash, amount: 5n },
      ]),
    ).toThrow('at least two postings');
  });

  it('refuses unbalanced or zero postings', () => {
    expect(() =>
      assertBalanced({
        kind: 'deposit',
        description: 'x',
        postings: [
          { account: platformAccount('cash'), code: 'platform:cash', amount: -5n },
          { account: platformAccount('payouts'), code: 'platform:payouts', amount: 4n },
        ],
      }),
    ).toThrow('does not sum to zero');
    expect(() => withdrawalPaid(U, 100n, 100n, 'w')).toThrow(LedgerError);
    expect(() => depositApproved(U, 0n, 'd')).toThrow(LedgerError);
  });

  it('no entry spans two books: a practice account never meets a real one', () => {
    expect(() =>
      entryFromMoves('practice.start', 'mixed', [
        { from: platformAccount('cash'), to: bookAccount('practice', U, 'available'), amount: 1n },
      ]),
    ).toThrow(new LedgerError('an entry spans two books'));
    expect(() =>
      entryFromMoves('trade.open', 'mixed', [
        {
          from: userAccount(U, 'available'),
          to: bookAccount('practice', U, 'invested'),
          amount: 1n,
        },
      ]),
    ).toThrow(LedgerError);
  });

  it('a book and a role name one account kind', () => {
    expect(bookAccount('real', U, 'available')).toEqual({ userId: U, kind: 'available' });
    expect(bookAccount('practice', U, 'invested')).toEqual({
      userId: U,
      kind: 'practice_invested',
    });
    expect(bookPlatformAccount('real', 'strategy_pnl')).toEqual({ platform: 'strategy_pnl' });
    expect(bookPlatformAccount('practice', 'fees')).toEqual({ platform: 'practice_fees' });
  });

  it('the practice account starts with its grant and resets to it by the difference', () => {
    const reset = (balance: bigint) => {
      const entry = practiceReset(U, balance, 1_000_000n, 'r');
      if (!entry) throw new Error('nothing booked');
      return amounts(entry);
    };
    expect(amounts(practiceStarted(U, 1_000_000n, 's'))).toEqual({
      'platform:practice_grants': -1_000_000n,
      [`user:${U}:practice_available`]: 1_000_000n,
    });
    expect(reset(980_000n)).toEqual({
      'platform:practice_grants': -20_000n,
      [`user:${U}:practice_available`]: 20_000n,
    });
    expect(reset(1_050_000n)).toEqual({
      'platform:practice_grants': 50_000n,
      [`user:${U}:practice_available`]: -50_000n,
    });
    expect(practiceReset(U, 1_000_000n, 1_000_000n, 'r')).toBeUndefined();
    expect(PRACTICE_GRANTS).toEqual({ platform: 'practice_grants' });
  });
});
