import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '@app/shared/schemas/transactions';
import { accountFigures } from '../src/modules/account/account.repo';
import { userBalances, userNetByEntryKind } from './ledger-oracle';
import { listTransactions } from '../src/modules/transactions/transactions.repo';
import { openTradesOfUser, toOpenTradeFacts } from '../src/modules/copy-trading/copies/trades.repo';
import type { TestApp, TestClient } from './harness';
import {
  activeUser,
  bankWithdrawal as bank,
  fundedInvestor,
  requestDeposit,
  useMoneyApp,
} from './money-helpers';

let t: TestApp;
let admin: TestClient;
useMoneyApp((made) => ({ t, admin } = made));

/** The figures as the dashboard read them before: one query each. */
async function separately(userId: string) {
  const pending = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM transactions
    WHERE user_id = ${userId} AND kind = 'withdrawal' AND status = 'pending'`);
  const pendingDeposits = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM transactions
    WHERE user_id = ${userId} AND kind = 'deposit' AND status = 'pending'`);
  const recent = await listTransactions(t.db, { userId, limit: 3 });
  return {
    balances: await userBalances(t.db, userId),
    netByEntryKind: await userNetByEntryKind(t.db, userId),
    pendingWithdrawalsCount: pending.rows[0]?.n,
    pendingDepositsCount: pendingDeposits.rows[0]?.n,
    recent: recent.items.map((item) => item.row),
    openTrades: (await openTradesOfUser(t.db, userId, 'real')).map((one) => ({
      trade: {
        id: one.trade.id,
        book: one.trade.book,
        planId: one.trade.planId,
        strategyId: one.trade.strategyId,
        amountCents: one.trade.amountCents,
        units: one.trade.units,
        entryNav: one.trade.entryNav,
        stopLossPct: one.trade.stopLossPct,
        takeProfitPct: one.trade.takeProfitPct,
        performanceFeePct: one.trade.performanceFeePct,
        openedAt: one.trade.openedAt,
        closesAt: one.trade.closesAt,
      },
      planTitle: one.planTitle,
      strategyName: one.strategy.row.name,
      strategy: { nav: one.strategy.row.nav, state: one.strategy.state },
    })),
  };
}

describe('account figures in one statement', () => {
  it('equal the separate balance, per-kind, pending and recent queries, row for row', async () => {
    const { client, user } = await fundedInvestor(t, admin, 100_000);
    const rejected = await client.post('/api/withdrawals', bank('50'));
    const { transaction } = rejected.json<{ transaction: Transaction }>();
    await admin.post(`/api/admin/withdrawals/${transaction.id}/reject`, { reason: 'Wrong name' });
    const url = `/api/admin/users/${user.id}/adjustments`;
    // Rows take the (frozen) test clock's time: move it, so newest-first has one answer.
    t.clock.advance(1_000);
    await admin.post(url, { bucket: 'profit', amount: '12.34', reason: 'Correction' });
    t.clock.advance(1_000);
    await admin.post(url, { bucket: 'bonus', amount: '5', reason: 'Welcome' });
    t.clock.advance(1_000);
    expect((await client.post('/api/withdrawals', bank('250'))).statusCode).toBe(201);
    // A deposit waiting for review (closing the account waits for it).
    t.clock.advance(1_000);
    await requestDeposit(t, client, '20');

    const figures = await accountFigures(t.ctx.reads, user.id);
    expect({ ...figures, openTrades: figures.openTrades.map(toOpenTradeFacts) }).toEqual(
      await separately(user.id),
    );
    expect(figures.pendingWithdrawalsCount).toBe(1);
    expect(figures.pendingDepositsCount).toBe(1);
    expect(figures.balances.withdrawal_hold).toBe(25_000n);
    expect(figures.recent.map((row) => row.kind)).toEqual([
      'deposit',
      'withdrawal',
      'adjustment_bonus',
    ]);
    expect(figures.recent[1]?.payoutDetails).toMatchObject({ accountNumber: '12345678' });
    expect(figures.recent[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('are zero and empty for a user with no activity, and never show another user’s rows', async () => {
    await fundedInvestor(t, admin, 10_000, 'Busy Bee');
    const { user } = await activeUser(t, 'Quiet Quill');
    const figures = await accountFigures(t.ctx.reads, user.id);
    expect(figures).toEqual({
      balances: { available: 0n, withdrawal_hold: 0n, invested: 0n },
      netByEntryKind: new Map(),
      pendingWithdrawalsCount: 0,
      pendingDepositsCount: 0,
      recent: [],
      openTrades: [],
    });
    expect(figures).toEqual(await separately(user.id));
  });
});
