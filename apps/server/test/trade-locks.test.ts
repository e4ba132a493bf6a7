import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import * as repo from '../src/modules/copy-trading/copies/trades.repo';
import { adminClient, fundedInvestor } from './money-helpers';
import { type TradingTestApp, useTradingApp } from './copy-trading-helpers';
import { someoneWaitsForALock } from './harness';

let t: TradingTestApp;

useTradingApp((made) => (t = made));

describe('the open-trade check of an invest', () => {
  // The trade is closed by hand here, outside the ledger: this file does not audit the books.
  it('waits for a close in progress and then finds no open trade', async () => {
    const { client, user } = await fundedInvestor(t, await adminClient(t), 200_000);
    const plans = (await client.get('/api/plans')).json<{
      plans: { id: string; title: string }[];
    }>().plans;
    const planId = plans.find((p) => p.title === 'Basic')!.id;
    const opened = await client.post('/api/trades', { planId, amount: '500' });
    const trade = opened.json<{ trade: CurrentTrade }>().trade;

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const closer = t.db.transaction(async (tx) => {
      expect(
        (await repo.lockOpenTradeToClose(tx, { id: trade.id, userId: user.id }))?.planTitle,
      ).toBe('Basic');
      await tx.execute(sql`
        UPDATE trades SET status = 'closed', closed_at = now(), close_reason = 'close',
          exit_nav = entry_nav, value_cents = amount_cents, fee_cents = 0,
          payout_cents = amount_cents
        WHERE id = ${trade.id}`);
      locked();
      await held;
    });
    await isLocked;
    const check = repo.planAndOpenTrade(t.db, planId, user.id, 'real');
    await someoneWaitsForALock(t);
    release();
    await closer;
    const found = await check;
    expect(found?.plan.id).toBe(planId);
    expect(found?.openTradeId).toBeNull();
  });

  it('never locks the strategy: an invest and a close go through while an order holds it', async () => {
    const { client } = await fundedInvestor(t, await adminClient(t), 200_000, 'Grace Hopper');
    const plans = (await client.get('/api/plans')).json<{
      plans: { id: string; title: string; strategy: { id: string } | null }[];
    }>().plans;
    const basic = plans.find((p) => p.title === 'Basic')!;
    // A lead trader's order in progress: the strategy's row lock (the one orders take, and the
    // one their UPDATE of the row takes) held by another transaction.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const order = t.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT id FROM strategies WHERE id = ${basic.strategy!.id} FOR NO KEY UPDATE`,
      );
      locked();
      await held;
    });
    await isLocked;
    try {
      const opened = await client.post('/api/trades', { planId: basic.id, amount: '500' });
      expect(opened.statusCode).toBe(201);
      expect(opened.json<{ trade: CurrentTrade }>().trade.planId).toBe(basic.id);
      const closed = await client.post('/api/trades/current/close', {});
      expect(closed.statusCode).toBe(200);
    } finally {
      release();
      await order;
    }
  });
});
