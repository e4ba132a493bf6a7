import { describe, expect, it } from 'vitest';
import { closureBlockers, type ClosureFacts } from './closure';

const empty: ClosureFacts = {
  isStaff: false,
  openTradesCount: 0,
  pendingWithdrawalsCount: 0,
  pendingDepositsCount: 0,
  availableCents: 0n,
};

describe('closureBlockers', () => {
  it('lets an empty investor account close', () => {
    expect(closureBlockers(empty)).toEqual([]);
  });

  it('refuses a single cent left', () => {
    expect(closureBlockers({ ...empty, availableCents: 1n })).toEqual(['money_left']);
  });

  it('names every reason, trades before money on its way before money left', () => {
    expect(
      closureBlockers({
        isStaff: true,
        openTradesCount: 2,
        pendingWithdrawalsCount: 1,
        pendingDepositsCount: 1,
        availableCents: 500n,
      }),
    ).toEqual(['staff', 'trades_open', 'withdrawal_pending', 'deposit_pending', 'money_left']);
  });
});
