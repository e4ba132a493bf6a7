import { describe, expect, it } from 'vitest';
import { allocation } from './allocation';

describe('allocation', () => {
  it('shares the balance between cash and each open trade, 1 decimal, half-up', () => {
    expect(
      allocation({
        balanceCents: 300_000n,
        cashCents: 100_000n,
        trades: [
          { id: 'a', valueCents: 150_000n },
          { id: 'b', valueCents: 50_000n },
        ],
      }),
    ).toEqual({
      cashPct: '33.3',
      trades: [
        { tradeId: 'a', sharePct: '50.0' },
        { tradeId: 'b', sharePct: '16.7' },
      ],
    });
  });

  it('has nothing to share out of an empty balance', () => {
    expect(allocation({ balanceCents: 0n, cashCents: 0n, trades: [] })).toBeNull();
  });
});
